import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { preloadRoute } from './app/route-modules'
import { loadConfig } from './lib/config'
import { registerServiceWorker } from './lib/service-worker'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = createRoot(container)

if (loadConfig()) {
  // The app (and supabase.ts, which needs the config) loads only once the
  // config is known to be there.
  registerServiceWorker()
  preloadRoute(window.location.pathname)
  void import('./app/app').then(({ App }) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
} else {
  root.render(
    <main className="mx-auto grid max-w-lg gap-3 p-8">
      <h1 className="text-xl font-semibold">Daybase is not configured</h1>
      <p className="text-sm text-muted-foreground">
        The page has no backend address. Served by <code>daybase serve</code>, the server writes it into the page; with{' '}
        <code>vite dev</code>, set <code>VITE_DAYBASE_URL</code> and <code>VITE_DAYBASE_ANON_KEY</code> (see{' '}
        <code>daybase keys --json</code>).
      </p>
    </main>,
  )
}
