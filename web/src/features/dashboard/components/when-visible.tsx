import { type ReactNode, useEffect, useRef, useState } from 'react'

/**
 * Renders fallback (sized like the content) until the place comes near the
 * screen, then children: the dashboard's lower cards load their code and
 * data only when someone scrolls to them. The first render is the
 * fallback everywhere, the prerender included.
 */
export function WhenVisible({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || seen) return
    if (typeof IntersectionObserver === 'undefined') return setSeen(true)
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true)
    }, { rootMargin: '200px' })
    io.observe(el)
    return () => io.disconnect()
  }, [seen])
  return <div ref={ref}>{seen ? children : fallback}</div>
}
