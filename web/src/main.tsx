import { hasStoredSession, preloadRoute } from './app/route-modules'
import { loadConfig } from './lib/config'
import { registerServiceWorker } from './lib/service-worker'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

/**
 * Whether #root holds prerendered markup React can take over: made for this
 * path (the service worker may answer offline with another page), with no
 * query parameter the markup does not allow for (?mode=signup shows another
 * form), and no session stored or arriving in the URL (the page would not
 * stay signed out). Otherwise the markup is dropped; index.html's script
 * has kept it hidden in the cases it can tell.
 */
function canHydrate(root: HTMLElement): boolean {
  const made = root.dataset.prerendered
  if (made === undefined) return false
  const path = window.location.pathname.replace(/\/+$/, '') || '/'
  if (made !== path) return false
  const allowed = new Set((root.dataset.prerenderedQuery ?? '').split(' ').filter(Boolean))
  const params = new URLSearchParams(window.location.search)
  for (const key of params.keys()) if (!allowed.has(key)) return false
  return !hasStoredSession() && !/[#&?](?:code|access_token|error)=/.test(window.location.search + window.location.hash)
}

const config = loadConfig()
const hydrate = config !== null && canHydrate(container)
if (!hydrate && container.dataset.prerendered !== undefined) {
  container.replaceChildren()
  delete container.dataset.prerendered
}

if (config) {
  // The app (and supabase.ts, which needs the config) loads only once the
  // config is known to be there. This entry stays small (no React): React,
  // the app and the current page's modules all load side by side.
  registerServiceWorker()
  preloadRoute(window.location.pathname)
  void import('./app/app').then(({ start }) => start(container, hydrate))
} else {
  container.innerHTML = `<main class="mx-auto grid max-w-lg gap-3 p-8">
  <h1 class="text-xl font-semibold">Daybase is not configured</h1>
  <p class="text-sm text-muted-foreground">The page has no backend address. Served by <code>daybase serve</code>,
  the server writes it into the page; with <code>vite dev</code>, set <code>VITE_DAYBASE_URL</code> and
  <code>VITE_DAYBASE_ANON_KEY</code> (see <code>daybase keys --json</code>).</p>
</main>`
}
