// The focus timer outside the page: its progress in the tab icon (an
// experiment the user switches on, lib/experiments.ts).

const DEFAULT_ICON = '/favicon.svg'

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]')
}

/**
 * Draws the session's progress (0..1) as a ring in the tab icon; null puts
 * the app's icon back. An SVG data URL: no canvas, no image to fetch.
 */
export function setFaviconProgress(share: number | null, paused: boolean): void {
  const link = iconLink()
  if (!link) return
  if (share === null) {
    if (link.getAttribute('href') !== DEFAULT_ICON) {
      link.type = 'image/svg+xml'
      link.href = DEFAULT_ICON
    }
    return
  }
  const r = 13
  const c = 2 * Math.PI * r
  const colour = paused ? '#9ca3af' : '#6366f1'
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="${r}" fill="none" stroke="#e5e7eb" stroke-width="5"/><circle cx="16" cy="16" r="${r}" fill="none" stroke="${colour}" stroke-width="5" stroke-dasharray="${(c * (1 - share)).toFixed(2)} ${c.toFixed(2)}" transform="rotate(-90 16 16)"/></svg>`
  link.type = 'image/svg+xml'
  link.href = `data:image/svg+xml,${encodeURIComponent(svg)}`
}
