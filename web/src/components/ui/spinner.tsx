import { CircleNotch } from '@phosphor-icons/react'
import { cn } from '@/lib/cn'

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <CircleNotch size={18} className="animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** Centred spinner for a page or panel that is still loading. */
export function PageSpinner() {
  return (
    <div className="flex h-full min-h-40 w-full items-center justify-center">
      <Spinner />
    </div>
  )
}
