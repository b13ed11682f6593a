import { useSyncExternalStore } from 'react'

/** Mobile breakpoint of spec 000 §9: screens up to 768 px wide. */
export const MOBILE_QUERY = '(max-width: 768px)'

const lists = new Map<string, MediaQueryList>()

/**
 * One MediaQueryList per query, kept: React reads the snapshot on every
 * render of every component that asks (each task row's screen, the shell),
 * and window.matchMedia builds a new list, and evaluates it, on each call.
 */
function mediaQueryList(query: string): MediaQueryList {
  let mql = lists.get(query)
  if (!mql) {
    mql = window.matchMedia(query)
    lists.set(query, mql)
  }
  return mql
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = mediaQueryList(query)
      mql.addEventListener('change', onChange)
      return () => mql.removeEventListener('change', onChange)
    },
    () => mediaQueryList(query).matches,
    () => false,
  )
}

/**
 * Whether query matches now, for code that acts on it (a command, an
 * effect) rather than renders it: no re-render when it changes, and none
 * after hydration (a prerendered page was drawn for a wide, light screen).
 */
export const matchesNow = (query: string): boolean => window.matchMedia(query).matches
