import { type ReactNode, useEffect, useRef, useState } from 'react'

/**
 * Renders fallback (sized like the content) until the place comes near the
 * screen and the page is idle, then children: the dashboard's lower cards
 * load their code and data only when someone scrolls to them, and never
 * compete with the first screen (at 1280 px they are on it, below the
 * agenda; their code starts loading from the idle callback, `load`). The
 * first render is the fallback everywhere, the prerender included.
 */
export function WhenVisible({ fallback, load, children }: { fallback: ReactNode; load?: () => unknown; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || seen) return
    const show = () => {
      load?.()
      setSeen(true)
    }
    if (typeof IntersectionObserver === 'undefined') return show()
    let idle: number | undefined
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return
      io.disconnect()
      idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(show, { timeout: 3000 }) : window.setTimeout(show, 500)
    }, { rootMargin: '200px' })
    io.observe(el)
    return () => {
      io.disconnect()
      if (idle === undefined) return
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [seen, load])
  return <div ref={ref}>{seen ? children : fallback}</div>
}
