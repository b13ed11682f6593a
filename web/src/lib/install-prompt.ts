// The browser's offer to install the app (PWA): Chromium fires
// beforeinstallprompt once the page qualifies (a manifest, a service worker
// with a fetch handler, some engagement), often before the download page is
// open. main.tsx starts listening at load and keeps the event; the page asks
// for it later. Nothing here imports React.

/** Chromium's BeforeInstallPromptEvent (not in lib.dom). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

/** unavailable: no offer (yet, or this browser makes none); ready: prompt() may be called; installed. */
export type InstallState = 'unavailable' | 'ready' | 'installed'

let offer: InstallPromptEvent | null = null
let state: InstallState = 'unavailable'
const listeners = new Set<() => void>()

function set(next: InstallState) {
  state = next
  for (const l of listeners) l()
}

/** Starts keeping the browser's install offer (main.tsx, once). */
export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return
  if (window.matchMedia?.('(display-mode: standalone)').matches) state = 'installed'
  window.addEventListener('beforeinstallprompt', (e) => {
    // Keep the offer for the page's own button instead of the browser's mini-bar.
    e.preventDefault()
    offer = e as InstallPromptEvent
    set('ready')
  })
  window.addEventListener('appinstalled', () => {
    offer = null
    set('installed')
  })
}

export const installState = (): InstallState => state

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Shows the browser's install dialog. Resolves to the user's answer; an
 * offer can be used once, so a dismissed one leaves the state unavailable
 * until the browser offers again.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const e = offer
  if (!e) return 'unavailable'
  offer = null
  await e.prompt()
  const { outcome } = await e.userChoice
  set(outcome === 'accepted' ? 'installed' : 'unavailable')
  return outcome
}
