import { cn } from '@/lib/cn'
import { type SessionType, TYPE_LABELS, formatClock, ringBand } from '../utils/timer'

const BAND_CLASS = {
  calm: 'stroke-primary',
  half: 'stroke-amber-500',
  last: 'stroke-rose-500',
} as const

type TimerRingProps = {
  remaining: number
  total: number
  type: SessionType
  paused: boolean
  /** Light strokes for the dark, animated background of focus mode. */
  onDark?: boolean
  className?: string
}

/**
 * The countdown: a ring emptying as the session goes, its colour changing
 * at 50 % and 25 % remaining (000 §4), the time in the middle.
 */
export function TimerRing({ remaining, total, type, paused, onDark = false, className }: TimerRingProps) {
  const share = total > 0 ? remaining / total : 1
  const band = ringBand(share)
  const r = 45
  const c = 2 * Math.PI * r
  const clock = formatClock(remaining)
  return (
    <div className={cn('relative aspect-square w-full max-w-72', className)}>
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden>
        <circle cx="50" cy="50" r={r} fill="none" strokeWidth="4" className={onDark ? 'stroke-white/20' : 'stroke-muted'} />
        <circle
          cx="50"
          cy="50"
          r={r}
          fill="none"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - share)}
          data-band={band}
          className={cn('transition-[stroke-dashoffset] duration-1000 ease-linear', onDark && band === 'calm' ? 'stroke-white' : BAND_CLASS[band])}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1">
        <span
          role="timer"
          aria-label={`${clock} left`}
          className={cn('font-mono text-5xl font-semibold tracking-tight tabular-nums sm:text-6xl', onDark && 'text-white')}
        >
          {clock}
        </span>
        <span className={cn('text-sm font-medium', onDark ? 'text-white/80' : 'text-muted-foreground')}>
          {paused ? 'Paused' : TYPE_LABELS[type]}
        </span>
      </div>
    </div>
  )
}
