import { useRequiredUser } from '@/lib/auth-store'
import { usePathname } from '@/lib/use-pathname'
import { useActiveSession } from '../api/get-active-session'
import { useFocusStore } from '../stores/focus-store'
import { TYPE_LABELS, progress } from '../utils/timer'

/**
 * The thin bar under the rail's Pomodoro icon while a timer runs and the
 * user is on another page (000 §2): how much of the session is done.
 */
export function FocusRailProgress() {
  const user = useRequiredUser()
  const pathname = usePathname()
  const session = useActiveSession(user.id).data
  const now = useFocusStore((s) => s.now)
  const running = useFocusStore((s) => s.running)
  if (!session || !running || pathname.startsWith('/app/pomodoro')) return null
  const done = Math.round(progress(session, now) * 100)
  const paused = session.status === 'paused'
  return (
    <span
      role="progressbar"
      aria-label={`${TYPE_LABELS[session.type]} ${paused ? 'paused' : 'running'}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={done}
      data-focus-progress={session.type}
      className="pointer-events-none absolute inset-x-1.5 bottom-0.5 block h-[3px] overflow-hidden rounded-full bg-sidebar-border"
    >
      <span
        className={paused ? 'block h-full bg-muted-foreground' : session.type === 'work' ? 'block h-full bg-primary' : 'block h-full bg-emerald-500'}
        style={{ width: `${done}%` }}
      />
    </span>
  )
}
