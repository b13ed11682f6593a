// index.html keeps the clicks on a prerendered page's buttons that come
// before React has hydrated it (the button would otherwise do nothing).

declare global {
  interface Window {
    /** Buttons clicked before hydration, in order; null once replayed. */
    __daybaseEarlyClicks?: HTMLElement[] | null
  }
}

/**
 * Clicks again, in order, the buttons clicked before React owned the page,
 * and stops index.html keeping clicks. Called once React has committed the
 * first render (hydrated or not: without prerendered markup none were kept).
 */
export function replayEarlyClicks(): void {
  const clicks = window.__daybaseEarlyClicks ?? []
  window.__daybaseEarlyClicks = null
  for (const button of clicks) {
    if (button.isConnected && !(button instanceof HTMLButtonElement && button.disabled)) button.click()
  }
}
