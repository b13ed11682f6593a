import { Bell } from '@phosphor-icons/react'
import { Suspense, lazy, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button, type ButtonProps } from '@/components/ui/button'
import { useRequiredUser } from '@/lib/auth-store'
import { type AppNotification, useMarkRead, useNotifications } from '../api/notifications'
import { useLiveNotifications } from '../hooks/use-live-notifications'

const loadDropdown = () => import('./notification-dropdown')
const NotificationDropdown = lazy(loadDropdown)

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
  // The dropdown's code mounts on the first press and stays (notification-dropdown.tsx).
  const [mounted, setMounted] = useState(false)
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

  const bell = (props: ButtonProps) => (
    <BellButton unread={unread} {...props} />
  )
  if (!mounted) {
    // Until the first press: a plain button with the trigger's name and ARIA
    // state. Opening on click (as Radix's trigger does) mounts the popover open.
    return bell({
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      'data-state': 'closed',
      onPointerEnter: () => void loadDropdown(),
      onFocus: () => void loadDropdown(),
      onClick: () => {
        setMounted(true)
        setOpen(true)
      },
    } as ButtonProps)
  }
  return (
    <Suspense fallback={bell({ 'aria-haspopup': 'dialog', 'aria-expanded': true } as ButtonProps)}>
      <NotificationDropdown
        open={open}
        onOpenChange={setOpen}
        trigger={bell({})}
        unread={unread}
        isPending={list.isPending}
        isError={list.isError}
        groups={groups}
        openItem={openItem}
        markRead={(id) => markRead.mutate(id)}
      />
    </Suspense>
  )
}

/** The header's bell button with the unread count. */
function BellButton({ unread, ...props }: ButtonProps & { unread: number }) {
  return (
    <Button variant="ghost" size="icon-sm" className="relative" aria-label={unread ? `Notifications (${unread} unread)` : 'Notifications'} {...props}>
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
  )
}
