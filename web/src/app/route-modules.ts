import { hasStoredSession } from '@/lib/boot'

// Page modules that main.tsx starts loading next to the app's own code on a
// cold load, so the page does not wait for the router to ask for them (one
// round trip less before the first paint). The router imports the same
// modules, and an import resolves once per URL.

/** Starts loading the layout and page that will render at pathname. */
export function preloadRoute(pathname: string): void {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/auth') {
    void import('./routes/auth')
    return
  }
  if (path !== '/app' && !path.startsWith('/app/')) return
  // Signed out, /app/* redirects to /auth: load nothing of the shell then.
  if (!hasStoredSession()) return
  void import('./layout/app-layout')
  if (path === '/app') void import('./routes/app/dashboard')
}
