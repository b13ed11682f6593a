import { cn } from '@/lib/cn'

/** One dot per session until the long break (000 §4); done ones filled. */
export function CycleDots({ filled, total, onDark = false }: { filled: number; total: number; onDark?: boolean }) {
  return (
    <div className="flex items-center gap-1.5" role="img" aria-label={`${filled} of ${total} focus sessions before the long break`}>
      {Array.from({ length: total }, (_, i) => (
        <span
          key={i}
          data-filled={i < filled || undefined}
          className={cn(
            'size-2.5 rounded-full border',
            i < filled ? (onDark ? 'border-white bg-white' : 'border-primary bg-primary') : onDark ? 'border-white/50' : 'border-muted-foreground/40',
          )}
        />
      ))}
    </div>
  )
}
