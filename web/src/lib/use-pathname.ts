import { useCallback, useContext, useSyncExternalStore } from 'react'
import { UNSAFE_DataRouterContext } from 'react-router'

/**
 * The current pathname, re-rendering only when it changes — not on a change
 * of the search or hash, as useLocation() does (the calendar's ?month=
 * steps, a list's ?view=). For the shell's parts that depend on the page,
 * not on its query. Reads the data router's own state (RouterProvider in
 * app.tsx and prerender.tsx; the context holds the same router for the
 * app's life).
 */
export function usePathname(): string {
  const router = useContext(UNSAFE_DataRouterContext)?.router
  if (!router) throw new Error('usePathname needs a data router (RouterProvider)')
  const subscribe = useCallback((onChange: () => void) => router.subscribe(onChange), [router])
  const pathname = useCallback(() => router.state.location.pathname, [router])
  return useSyncExternalStore(subscribe, pathname, pathname)
}
