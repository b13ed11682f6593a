import { Fire, Timer } from '@phosphor-icons/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { useActiveSession } from '../api/get-active-session'
import { useFocusToday } from '../hooks/use-focus-today'
import { useFocusStore } from '../stores/focus-store'
import { TYPE_LABELS, formatClock, formatMinutes, remainingMs } from '../utils/timer'

/**
 * The dashboard's focus card: today's sessions against the goal, minutes
 * and streak, and the timer — running, or a button that starts it.
 */
export function FocusCard({ now }: { now: Date }) {
  const user = useRequiredUser()
  const queryClient = useQueryClient()
  const today = useFocusToday(now)
  const session = useActiveSession(user.id).data
  const clock = useFocusStore((s) => s.now)
  const running = useFocusStore((s) => s.running)
  // The timer's actions load on the first start: the dashboard's first paint needs none.
  const start = async () => {
    const { nextSession, startSession } = await import('../api/focus-actions')
    const ctx = { queryClient, userId: user.id }
    const next = await nextSession(ctx)
    await startSession(ctx, { ...next, taskId: useFocusStore.getState().taskId })
  }
  return (
    <Card aria-labelledby="focus-card-title">
      <CardHeader className="flex items-center justify-between gap-2 pb-2">
        <CardTitle id="focus-card-title" className="flex items-center gap-2">
          <Timer size={18} weight="duotone" aria-hidden className="text-primary" /> Focus
        </CardTitle>
        <Link to="/app/pomodoro" className="text-sm text-primary underline-offset-4 hover:underline">
          Open timer
        </Link>
      </CardHeader>
      <CardContent className="grid gap-4">
        {today.isPending ? (
          <Skeleton className="h-[86px]" />
        ) : (
          <>
            <div className="grid gap-1.5">
              <div className="flex items-baseline justify-between text-sm">
                <span className="font-medium">
                  {today.sessions} of {today.goal} sessions
                </span>
                <span className="text-muted-foreground">{formatMinutes(today.minutes)} focused</span>
              </div>
              <div
                role="progressbar"
                aria-label="Today's focus goal"
                aria-valuemin={0}
                aria-valuemax={today.goal}
                aria-valuenow={Math.min(today.sessions, today.goal)}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(100, (today.sessions / today.goal) * 100)}%` }} />
              </div>
            </div>
            <div className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-1.5 text-sm">
                <Fire size={16} weight="fill" aria-hidden className={today.streak > 0 ? 'text-orange-500' : 'text-muted-foreground'} />
                {today.streak} {today.streak === 1 ? 'day' : 'days'} streak
              </span>
              {session && running ? (
                <Link
                  to="/app/pomodoro"
                  className="rounded-full bg-primary/10 px-3 py-1 font-mono text-sm font-medium text-primary tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {TYPE_LABELS[session.type]} · {formatClock(remainingMs(session, clock))}
                  {session.status === 'paused' ? ' · paused' : ''}
                </Link>
              ) : (
                <Button size="sm" onClick={() => void start()} disabled={!!session}>
                  Start focus
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  )
}
