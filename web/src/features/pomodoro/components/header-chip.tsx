import { Link } from 'react-router'
import { useRequiredUser } from '@/lib/auth-store'
import { usePathname } from '@/lib/use-pathname'
import { useActiveSession } from '../api/get-active-session'
import { useFocusStore } from '../stores/focus-store'
import { TYPE_LABELS, formatClock, remainingMs } from '../utils/timer'

/**
 * Up to 768 px the rail (and its progress bar) is in the drawer: the header
 * shows the running timer instead, a link to it.
 */
export function FocusHeaderChip() {
  const user = useRequiredUser()
  const pathname = usePathname()
  const session = useActiveSession(user.id).data
  const now = useFocusStore((s) => s.now)
  const running = useFocusStore((s) => s.running)
  if (!session || !running || pathname.startsWith('/app/pomodoro')) return null
  const clock = formatClock(remainingMs(session, now))
  return (
    <Link
      to="/app/pomodoro"
      aria-label={`${TYPE_LABELS[session.type]} timer, ${clock} left${session.status === 'paused' ? ', paused' : ''}`}
      className="rounded-full bg-primary/10 px-2.5 py-1 font-mono text-xs font-medium text-primary tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
    >
      {clock}
    </Link>
  )
}
