import { cn } from '@/lib/cn'

/** The Daybase check mark on the primary colour; decorative, so callers name the link. */
export function LogoMark({ className, iconClassName }: { className?: string; iconClassName?: string }) {
  return (
    <span className={cn('flex items-center justify-center rounded-lg bg-primary text-primary-foreground', className)}>
      <svg viewBox="0 0 32 32" className={cn('size-5', iconClassName)} aria-hidden>
        <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  )
}
