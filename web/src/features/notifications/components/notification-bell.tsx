import { Bell } from '@phosphor-icons/react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { useRequiredUser } from '@/lib/auth-store'
import { useNotifications } from '../api/notifications'
import { useLiveNotifications } from '../hooks/use-live-notifications'

/** The header's bell with the unread count; it also keeps the live subscription. */
export function NotificationBell() {
  const user = useRequiredUser()
  const navigate = useNavigate()
  useLiveNotifications(user.id, (url) => navigate(url.startsWith('/teams/') ? `/app${url}` : url))
  const list = useNotifications(user.id)
  const unread = (list.data ?? []).filter((n) => !n.is_read).length
  return (
    <Button variant="ghost" size="icon-sm" asChild className="relative">
      <Link to="/app/notifications" aria-label={unread ? `Notifications (${unread} unread)` : 'Notifications'}>
        <Bell size={20} aria-hidden />
        {unread ? (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  )
}
