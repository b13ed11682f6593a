import { useEffect } from 'react'
import { useFocusStore } from '../stores/focus-store'

const PIECES = 28
const COLOURS = ['#f43f5e', '#f59e0b', '#10b981', '#3b82f6', '#8b5cf6', '#ec4899']
const SHOW_MS = 2800

/**
 * The celebration (000 §4): confetti falls over the page for a moment and
 * the reason is announced to screen readers. Decorative pieces only; with
 * reduced motion they do not move (styles.css).
 */
export function Celebration() {
  const celebration = useFocusStore((s) => s.celebration)
  const end = useFocusStore((s) => s.endCelebration)
  useEffect(() => {
    if (!celebration) return
    const id = window.setTimeout(end, SHOW_MS)
    return () => window.clearTimeout(id)
  }, [celebration, end])
  if (!celebration) return null
  return (
    <div key={celebration.id} className="pointer-events-none fixed inset-0 z-[60] overflow-hidden" data-print-hide>
      {Array.from({ length: PIECES }, (_, i) => (
        <span
          key={i}
          aria-hidden
          className="confetti-piece absolute top-0 block h-3 w-2 rounded-[2px]"
          style={{
            left: `${(i * 37) % 100}%`,
            background: COLOURS[i % COLOURS.length],
            animationDelay: `${(i % 7) * 90}ms`,
            animationDuration: `${1600 + ((i * 53) % 900)}ms`,
          }}
        />
      ))}
      <p
        role="status"
        className="absolute top-6 left-1/2 -translate-x-1/2 rounded-full bg-foreground px-4 py-2 text-sm font-medium text-background shadow-lg"
      >
        {celebration.text}
      </p>
    </div>
  )
}
