import { preloadRoute } from './app/route-modules'
import { type Prerendered, hasStoredSession, needsSecondFactor, readStoredSession } from './lib/boot'
import { loadConfig } from './lib/config'
import { captureInstallPrompt, installState, subscribeInstallState } from './lib/install-prompt'
import { registerServiceWorker } from './lib/service-worker'
import './styles.css'

captureInstallPrompt()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

/**
 * Whether #root holds prerendered markup React can take over, and with which
 * session: made for this path (the service worker may answer offline with
 * another page), with no query parameter the markup does not allow for
 * (?mode=signup shows another form), and drawn for the visitor's state: the
 * signed-out /auth with no session stored or arriving in the URL, the
 * signed-in /app with a stored session that needs no second factor, a
 * public page (/, /features, …) for anyone but a sign-in callback.
 * Otherwise the markup is dropped; index.html's and the page's own scripts
 * have kept it hidden in the cases they can tell.
 */
function prerenderedFor(root: HTMLElement): Prerendered | null {
  const made = root.dataset.prerendered
  if (made === undefined) return null
  const path = window.location.pathname.replace(/\/+$/, '') || '/'
  if (made !== path) return null
  const allowed = new Set((root.dataset.prerenderedQuery ?? '').split(' ').filter(Boolean))
  if (!allowed.has('*'))
    for (const key of new URLSearchParams(window.location.search).keys()) if (!allowed.has(key)) return null
  const tokensInURL = /[#&](?:access_token|error)=/.test(window.location.hash)
  if (root.dataset.prerenderedSession === 'public') {
    // Kept for everyone: hydrated as drawn (signed out), then the store
    // takes the stored session, if any.
    if (tokensInURL) return null
    const session = readStoredSession()
    return { session: null, startSession: session && !needsSecondFactor(session) ? session : null }
  }
  if (root.dataset.prerenderedSession === 'signed-in') {
    const session = readStoredSession()
    return session && !needsSecondFactor(session) ? { session } : null
  }
  return hasStoredSession() || tokensInURL ? null : { session: null }
}

/**
 * Whether a prerendered public page can stay as the HTML it arrived as until
 * the visitor reaches for it: signed out (a session shows "Open app", which
 * only the app draws), no Global Privacy Control (the banner's sentence about
 * it is the app's), and a page whose whole first screen the HTML is
 * (/privacy-choices opens its dialog at once). Then the page is idle as soon
 * as it is painted: the React app is neither downloaded nor run for a visit
 * that only reads (docs/decisions.md, "Public pages load the app on intent").
 */
function deferredUntilIntent(root: HTMLElement, prerendered: Prerendered): boolean {
  if (root.dataset.prerenderedSession !== 'public' || prerendered.startSession) return false
  if (root.dataset.prerendered === '/privacy-choices') return false
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl !== true
}

/**
 * Runs start once the visitor shows intent: a pointer moving or pressed, a
 * key, a touch, the focus entering the page, or (on /download, whose
 * install button is the app's) the browser offering to install the app. A button clicked before
 * the app owns the page is kept by index.html and clicked again after
 * hydration (lib/early-clicks.ts); links work as plain links meanwhile.
 */
function startOnIntent(start: () => void): void {
  const events = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'focusin'] as const
  let unsubscribe = () => {}
  let started = false
  const once = () => {
    if (started) return
    started = true
    for (const type of events) window.removeEventListener(type, once, true)
    unsubscribe()
    start()
  }
  for (const type of events) window.addEventListener(type, once, { capture: true, passive: true })
  // Chromium offers the install as soon as the service worker is active:
  // only /download has a button for it.
  if (window.location.pathname.replace(/\/+$/, '') !== '/download') return
  if (installState() === 'ready') return once()
  unsubscribe = subscribeInstallState(() => {
    if (installState() === 'ready') once()
  })
}

type ThemeColors = { primary: string; primaryForeground: string; ring: string }

/**
 * Until the app runs, a page in the "system" theme follows the system's
 * light or dark as the app would (index.html's script drew it once, at
 * load): the same class and the colours last applied. Returns the stop.
 */
function followSystemScheme(): () => void {
  const query = window.matchMedia('(prefers-color-scheme: dark)')
  const apply = () => {
    try {
      const theme = JSON.parse(localStorage.getItem('daybase.theme') ?? '{}') as { state?: { mode?: string } } | null
      if ((theme?.state?.mode ?? 'system') !== 'system') return
      const dark = query.matches
      const html = document.documentElement
      html.classList.toggle('dark', dark)
      html.classList.toggle('light', !dark)
      const vars = JSON.parse(localStorage.getItem('daybase.theme-vars') ?? 'null') as Record<string, ThemeColors | undefined> | null
      const colors = vars?.[dark ? 'dark' : 'light']
      if (!colors) return
      html.style.setProperty('--primary', colors.primary)
      html.style.setProperty('--primary-foreground', colors.primaryForeground)
      html.style.setProperty('--ring', colors.ring)
    } catch {
      // Unreadable stored choices: index.html drew the page without them too.
    }
  }
  query.addEventListener('change', apply)
  return () => query.removeEventListener('change', apply)
}

const config = loadConfig()
// Offline the markup is not taken over: the app draws from the saved
// cache at once (app.tsx), which a skeleton drawn for the server would not match.
const prerendered = config && navigator.onLine ? prerenderedFor(container) : null
if (!prerendered && container.dataset.prerendered !== undefined) {
  container.replaceChildren()
  for (const name of ['style', 'data-prerendered', 'data-prerendered-session', 'data-prerendered-query']) container.removeAttribute(name)
}

if (config) {
  // The service worker makes the app installable (/download's offer) and
  // works offline whether or not the app has started.
  registerServiceWorker()
  // The app (and supabase.ts, which needs the config) loads only once the
  // config is known to be there. This entry stays small (no React): React,
  // the app and the current page's modules all load side by side.
  // supabase-js is evaluated in a task of its own before the rest of the
  // app: two shorter tasks instead of one long one while the page is on screen.
  const load = () => {
    preloadRoute(window.location.pathname)
    void import('./lib/supabase')
      .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then(() => import('./app/app'))
      .then(({ start }) => start(container, prerendered))
  }
  if (prerendered && deferredUntilIntent(container, prerendered)) {
    const stopFollowing = followSystemScheme()
    startOnIntent(() => {
      stopFollowing()
      load()
    })
  } else if (prerendered && document.visibilityState === 'visible') {
    // The prerendered page is painted before the app's code is fetched and
    // run: from the first frame on. (A hidden tab gets no frames: it starts
    // at once, as does a page with nothing to paint yet; the second timer
    // only covers a tab hidden right now.)
    let started = false
    const once = () => {
      if (started) return
      started = true
      load()
    }
    requestAnimationFrame(() => setTimeout(once, 0))
    setTimeout(once, 1000)
  } else load()
} else {
  container.innerHTML = `<main class="mx-auto grid max-w-lg gap-3 p-8">
  <h1 class="text-xl font-semibold">Daybase is not configured</h1>
  <p class="text-sm text-muted-foreground">The page has no backend address. Served by <code>daybase serve</code>,
  the server writes it into the page; with <code>vite dev</code>, set <code>VITE_DAYBASE_URL</code> and
  <code>VITE_DAYBASE_ANON_KEY</code> (see <code>daybase keys --json</code>).</p>
</main>`
}
