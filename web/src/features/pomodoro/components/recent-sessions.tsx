import { ClockCounterClockwise } from '@phosphor-icons/react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { useRecentSessions } from '../api/get-recent-sessions'
import { TYPE_LABELS, type SessionType } from '../utils/timer'
import { focusedMinutes, statusDot } from './task-focus-summary'

const when = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' })

/** The last 10 sessions, newest first (000 §7, §9). */
export function RecentSessions() {
  const user = useRequiredUser()
  const recent = useRecentSessions(user.id)
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>Recent sessions</CardTitle>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <div className="grid gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-9" />
            ))}
          </div>
        ) : recent.data?.length ? (
          <ul aria-label="Recent sessions" className="grid gap-1">
            {recent.data.map((s) => {
              const running = s.status === 'active' || s.status === 'paused'
              return (
                <li key={s.id} className="flex items-center gap-2.5 rounded-md py-1.5 text-sm">
                  <span aria-hidden className={cn('size-2 shrink-0 rounded-full', statusDot(s.status))} />
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate">
                      {TYPE_LABELS[s.type as SessionType] ?? s.type}
                      {s.task?.title ? <span className="text-muted-foreground"> · {s.task.title}</span> : null}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {when.format(new Date(s.started_at))} · {running ? s.status : s.status === 'completed' ? 'completed' : 'cancelled'}
                    </span>
                  </span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {running ? `${s.duration_minutes} min` : `${focusedMinutes(s)} min`}
                  </span>
                </li>
              )
            })}
          </ul>
        ) : (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <ClockCounterClockwise size={24} weight="duotone" aria-hidden className="text-muted-foreground" />
            <p className="text-sm text-muted-foreground">Your sessions will show here. Start one to begin.</p>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
