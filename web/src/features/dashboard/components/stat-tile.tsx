import type { Icon } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'

type StatTileProps = {
  label: string
  value: string
  icon: Icon
  /** Colour of the icon (and the value when it asks for attention). */
  tone?: 'default' | 'warning' | 'focus' | 'streak'
  to?: string
  loading?: boolean
}

const TONES = {
  default: 'text-primary',
  warning: 'text-rose-600 dark:text-rose-400',
  focus: 'text-emerald-600 dark:text-emerald-400',
  streak: 'text-orange-500',
} as const

/** One number of the dashboard's strip. */
export function StatTile({ label, value, icon: IconComponent, tone = 'default', to, loading }: StatTileProps) {
  const body = (
    <>
      <IconComponent size={20} weight="duotone" aria-hidden className={TONES[tone]} />
      <span className="grid min-w-0">
        <span className="truncate text-xs text-muted-foreground">{label}</span>
        {loading ? (
          // The value's line box (text-lg × leading-tight): the tile keeps its height when the number arrives.
          <Skeleton className="h-[1.40625rem] w-10" />
        ) : (
          <span className={cn('text-lg leading-tight font-semibold tabular-nums', tone === 'warning' && value !== '0' && TONES.warning)}>{value}</span>
        )}
      </span>
    </>
  )
  const className = 'flex items-center gap-3 rounded-xl border bg-card p-3 text-card-foreground'
  return to ? (
    <Link to={to} className={cn(className, 'outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring')}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  )
}
