import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { type TaskSession, useTaskSessions } from '../api/get-task-sessions'
import { TYPE_LABELS, formatMinutes } from '../utils/timer'

/** Sessions shown of the 10 fetched (002 §9). */
const SHOWN = 5

/** Minutes a session counted: its duration when completed, the time focused when it ended early. */
export function focusedMinutes(s: Pick<TaskSession, 'status' | 'duration_minutes' | 'started_at' | 'ended_at' | 'paused_duration_seconds'>): number {
  if (s.status === 'completed') return s.duration_minutes
  if (!s.ended_at) return 0
  const seconds = (Date.parse(s.ended_at) - Date.parse(s.started_at)) / 1000 - s.paused_duration_seconds
  return Math.min(s.duration_minutes, Math.max(0, Math.floor(seconds / 60)))
}

/** 002 §4: green completed, red cancelled, yellow any other status (whose name is shown). */
export function statusDot(status: string): string {
  if (status === 'completed') return 'bg-emerald-500'
  if (status === 'cancelled') return 'bg-rose-500'
  return 'bg-amber-400'
}

const timeFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

/**
 * A task's focus summary (002 §2): the last 5 of its 10 latest sessions,
 * with dots by status, and the time spent on it in hours and minutes.
 */
export function TaskFocusSummary({ taskId, title }: { taskId: string; title?: string }) {
  const user = useRequiredUser()
  const sessions = useTaskSessions(user.id, taskId)
  const work = (sessions.data ?? []).filter((s) => s.type === 'work')
  const spent = work.reduce((n, s) => n + focusedMinutes(s), 0)
  return (
    <section aria-label={title ? `Focus on ${title}` : 'Focus on this task'} className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">Focus on this task</h3>
        {sessions.isPending ? <Skeleton className="h-4 w-16" /> : <span className="text-sm text-muted-foreground">{formatMinutes(spent)} spent</span>}
      </div>
      {sessions.isPending ? (
        <Skeleton className="h-20" />
      ) : sessions.data?.length ? (
        <ul className="grid gap-1.5">
          {sessions.data.slice(0, SHOWN).map((s) => (
            <li key={s.id} className="flex items-center gap-2 text-sm">
              <span aria-hidden className={cn('size-2 shrink-0 rounded-full', statusDot(s.status))} />
              <span className="flex-1 truncate">
                {TYPE_LABELS[s.type as keyof typeof TYPE_LABELS] ?? s.type}
                {s.status !== 'completed' ? <span className="text-muted-foreground"> · {s.status}</span> : null}
              </span>
              <span className="text-xs text-muted-foreground tabular-nums">{timeFormat.format(new Date(s.started_at))}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No focus sessions on this task yet.</p>
      )}
    </section>
  )
}
