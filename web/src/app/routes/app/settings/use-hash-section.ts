import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** How long to wait for a lazily loaded page to render the section. */
const WAIT_MS = 3000

/**
 * Scrolls to the element named by the URL hash and moves focus to its
 * heading. The page may still be loading, so it looks again on each frame
 * until the element appears or WAIT_MS pass.
 */
export function useHashSection(): void {
  const { hash, pathname } = useLocation()
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1))
    if (!id) return
    const start = performance.now()
    let frame = 0
    const seek = () => {
      const el = document.getElementById(id)
      if (el) {
        el.scrollIntoView({ block: 'start' })
        el.querySelector<HTMLElement>('h2[tabindex]')?.focus({ preventScroll: true })
        return
      }
      if (performance.now() - start < WAIT_MS) frame = requestAnimationFrame(seek)
    }
    frame = requestAnimationFrame(seek)
    return () => cancelAnimationFrame(frame)
  }, [hash, pathname])
}
