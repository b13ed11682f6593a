import { Bell, Check } from '@phosphor-icons/react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { relativeTime } from '@/lib/relative-time'
import { type AppNotification, useMarkRead, useNotifications } from '../api/notifications'
import { useLiveNotifications } from '../hooks/use-live-notifications'

/** How many of the newest the dropdown shows; the page has the 50. */
export const DROPDOWN_LIMIT = 8

/** The dropdown's groups (002 §3's seven types), in this order. */
const GROUPS: { title: string; types: string[] }[] = [
  { title: 'Assignments', types: ['task_assigned'] },
  { title: 'Comments and mentions', types: ['comment'] },
  { title: 'Invitations', types: ['project_invite'] },
  { title: 'Deadlines and reminders', types: ['deadline', 'reminder', 'calendar'] },
  { title: 'Other', types: ['system'] },
]

const inviteKind = (n: AppNotification) => n.type === 'project_invite' || n.metadata.kind === 'team_invite'
const groupOf = (n: AppNotification) => (inviteKind(n) ? 'Invitations' : (GROUPS.find((g) => g.types.includes(n.type))?.title ?? 'Other'))

/** Where a notification leads: its actionUrl (team links inside the app), else the notifications page. */
export function targetOf(n: AppNotification): string {
  const url = typeof n.metadata.actionUrl === 'string' ? n.metadata.actionUrl : ''
  if (!url.startsWith('/')) return '/app/notifications'
  return url.startsWith('/teams/') ? `/app${url}` : url
}

/**
 * The header's bell (002 §2): the unread count, and a dropdown of the newest
 * notifications grouped by type, each opening what it is about, with mark
 * one or all read and View all. It also keeps the live subscription.
 */
export function NotificationBell() {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  useLiveNotifications(user.id, (url) => navigate(url.startsWith('/teams/') ? `/app${url}` : url))
  const list = useNotifications(user.id)
  const markRead = useMarkRead(user.id)
  const all = list.data ?? []
  const unread = all.filter((n) => !n.is_read).length
  const recent = all.slice(0, DROPDOWN_LIMIT)
  const groups = GROUPS.map((g) => ({ title: g.title, items: recent.filter((n) => groupOf(n) === g.title) })).filter((g) => g.items.length)

  const openItem = (n: AppNotification) => {
    if (!n.is_read) markRead.mutate(n.id)
    setOpen(false)
    navigate(inviteKind(n) ? '/app/notifications' : targetOf(n))
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon-sm" className="relative" aria-label={unread ? `Notifications (${unread} unread)` : 'Notifications'}>
          <Bell size={20} aria-hidden />
          {unread ? (
            <span
              aria-hidden
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-label="Notifications" className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <p className="text-sm font-semibold">
            Notifications{unread ? <span className="ml-1.5 text-xs font-normal text-muted-foreground">{unread} unread</span> : null}
          </p>
          <Button variant="ghost" size="sm" disabled={!unread} onClick={() => markRead.mutate(null)}>
            <Check aria-hidden /> Mark all read
          </Button>
        </div>
        <div className="max-h-96 overflow-y-auto">
          {list.isPending ? (
            <div className="grid gap-2 p-3" aria-busy>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-12" />
              ))}
            </div>
          ) : list.isError ? (
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
                        <Button variant="ghost" size="icon-sm" className="shrink-0" aria-label={`Mark “${n.title}” read`} onClick={() => markRead.mutate(n.id)}>
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
            <Link to="/app/notifications" onClick={() => setOpen(false)}>
              View all
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  )
}
