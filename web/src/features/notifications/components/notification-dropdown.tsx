import { Check } from '@phosphor-icons/react'
import type { ReactElement } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { relativeTime } from '@/lib/relative-time'
import type { AppNotification } from '../api/notifications'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The bell, as NotificationBell draws it. */
  trigger: ReactElement
  unread: number
  isPending: boolean
  isError: boolean
  groups: { title: string; items: AppNotification[] }[]
  openItem: (n: AppNotification) => void
  markRead: (id: string | null) => void
}

/**
 * The bell's dropdown (loaded when the pointer or focus first reaches the
 * bell, mounted on the first press): Radix's popover and floating-ui stay
 * out of the first screen of /app. The data and the live subscription stay
 * in NotificationBell, which is always mounted.
 */
export default function NotificationDropdown({ open, onOpenChange, trigger, unread, isPending, isError, groups, openItem, markRead }: Props) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="end" aria-label="Notifications" className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <p className="text-sm font-semibold">
            Notifications{unread ? <span className="ml-1.5 text-xs font-normal text-muted-foreground">{unread} unread</span> : null}
          </p>
          <Button variant="ghost" size="sm" disabled={!unread} onClick={() => markRead(null)}>
            <Check aria-hidden /> Mark all read
          </Button>
        </div>
        <div className="max-h-96 overflow-y-auto">
          {isPending ? (
            <div className="grid gap-2 p-3" aria-busy>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-12" />
              ))}
            </div>
          ) : isError ? (
            <p className="p-4 text-sm text-muted-foreground">Failed to fetch notifications</p>
          ) : groups.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted-foreground">No notifications yet. Assignments, mentions and invitations show up here.</p>
          ) : (
            groups.map((g) => (
              <section key={g.title} aria-label={g.title}>
                <h3 className="bg-muted/50 px-3 py-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{g.title}</h3>
                <ul>
                  {g.items.map((n) => (
                    <li key={n.id} className={cn('group flex items-start gap-2 border-b px-3 py-2 last:border-b-0', !n.is_read && 'bg-primary/5')}>
                      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.is_read ? 'bg-transparent' : 'bg-primary')} />
                      <button
                        type="button"
                        onClick={() => openItem(n)}
                        className="grid min-w-0 flex-1 gap-0.5 rounded-sm text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        aria-label={`${n.title}${n.is_read ? '' : ' (unread)'}`}
                      >
                        <span className="truncate text-sm font-medium">{n.title}</span>
                        {n.message ? <span className="line-clamp-2 text-xs text-muted-foreground">{n.message}</span> : null}
                        <time dateTime={n.created_at} className="text-[11px] text-muted-foreground">
                          {relativeTime(n.created_at)}
                        </time>
                      </button>
                      {n.is_read ? null : (
                        <Button variant="ghost" size="icon-sm" className="shrink-0" aria-label={`Mark “${n.title}” read`} onClick={() => markRead(n.id)}>
                          <Check aria-hidden />
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
        <div className="border-t p-1">
          <Button variant="ghost" size="sm" className="w-full" asChild>
            <Link to="/app/notifications" onClick={() => onOpenChange(false)}>
              View all
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  )
}
