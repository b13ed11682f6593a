import { useSyncExternalStore } from 'react'

/** Mobile breakpoint of spec 000 §9: screens up to 768 px wide. */
export const MOBILE_QUERY = '(max-width: 768px)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query)
      mql.addEventListener('change', onChange)
      return () => mql.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/**
 * Whether query matches now, for code that acts on it (a command, an
 * effect) rather than renders it: no re-render when it changes, and none
 * after hydration (a prerendered page was drawn for a wide, light screen).
 */
export const matchesNow = (query: string): boolean => window.matchMedia(query).matches
