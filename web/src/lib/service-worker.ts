/**
 * Registers /sw.js once the page has loaded (spec 000 §7), in production
 * builds only: under `vite dev` a caching worker would serve stale modules.
 * A failed registration is logged as a warning, never an error: the app
 * works the same without it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((e: unknown) => {
      console.warn('Service worker not registered:', e)
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

/**
 * Asks the worker to fetch every script and style of this build (public/sw.js),
 * so that the screens not yet opened work offline too. The signed-in shell
 * calls it once idle.
 */
export function precacheApp(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'precache' }))
}
