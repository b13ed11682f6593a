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

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY)
