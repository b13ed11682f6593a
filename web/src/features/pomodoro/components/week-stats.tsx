import { Fire, Target, Timer, Trophy } from '@phosphor-icons/react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { statsRange, useWeekStats } from '../api/get-week-stats'
import { useFocusSettings } from '../api/settings'
import { useFocusStore } from '../stores/focus-store'
import { currentStreak, formatMinutes, longestStreak } from '../utils/timer'

const dayName = new Intl.DateTimeFormat(undefined, { weekday: 'short' })

/** The day's minute, for queries that follow the calendar day but not every second. */
function useMinute(): Date {
  return new Date(useFocusStore((s) => Math.floor(s.now / 60_000) * 60_000))
}

/** Today's completed sessions against the daily goal, focus minutes and streak (000 §4). */
export function TodayGoal() {
  const user = useRequiredUser()
  const settings = useFocusSettings(user.id)
  const now = useMinute()
  const stats = useWeekStats(user.id, now)
  const { today } = statsRange(now)
  const row = stats.data?.find((d) => d.date === today)
  const done = row?.completed_sessions ?? 0
  const goal = settings.daily_goal
  const streak = stats.data ? currentStreak(stats.data, today) : 0
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>Today</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {stats.isPending ? (
          <Skeleton className="h-[76px]" />
        ) : (
          <>
            <div className="grid gap-2">
              <div className="flex items-baseline justify-between">
                <span className="flex items-center gap-1.5 text-sm font-medium">
                  <Target size={16} aria-hidden className="text-primary" /> Daily goal
                </span>
                <span className="text-sm tabular-nums" data-testid="daily-goal">
                  {done} of {goal} sessions
                </span>
              </div>
              <div
                role="progressbar"
                aria-label="Daily goal"
                aria-valuemin={0}
                aria-valuemax={goal}
                aria-valuenow={Math.min(done, goal)}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${Math.min(100, (done / goal) * 100)}%` }} />
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div className="grid gap-0.5">
                <dt className="flex items-center gap-1.5 text-muted-foreground">
                  <Timer size={14} aria-hidden /> Focused
                </dt>
                <dd className="font-medium tabular-nums">{formatMinutes(row?.total_focus_minutes ?? 0)}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="flex items-center gap-1.5 text-muted-foreground">
                  <Fire size={14} aria-hidden /> Streak
                </dt>
                <dd className="font-medium tabular-nums">
                  {streak} {streak === 1 ? 'day' : 'days'}
                </dd>
              </div>
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  )
}

/** This week's focus, a bar a day (pomodoro_stats), with the totals. */
export function WeekStats() {
  const user = useRequiredUser()
  const now = useMinute()
  const stats = useWeekStats(user.id, now)
  const { days, today } = statsRange(now)
  const byDay = new Map((stats.data ?? []).map((d) => [d.date, d]))
  const week = days.map((date) => byDay.get(date))
  const max = Math.max(25, ...week.map((d) => d?.total_focus_minutes ?? 0))
  const minutes = week.reduce((n, d) => n + (d?.total_focus_minutes ?? 0), 0)
  const sessions = week.reduce((n, d) => n + (d?.completed_sessions ?? 0), 0)
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>This week</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {stats.isPending ? (
          <Skeleton className="h-[150px]" />
        ) : (
          <>
            <ol aria-label="Focus minutes by day" className="flex h-28 items-end gap-2">
              {days.map((date, i) => {
                const m = week[i]?.total_focus_minutes ?? 0
                const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
                const name = dayName.format(new Date(y, mo - 1, d))
                return (
                  <li key={date} className="flex h-full flex-1 flex-col items-center justify-end gap-1" aria-label={`${name}: ${formatMinutes(m)}`}>
                    <span
                      aria-hidden
                      className={cn('w-full rounded-t-sm', date === today ? 'bg-primary' : 'bg-primary/35')}
                      style={{ height: `${m === 0 ? 2 : Math.max(6, (m / max) * 100)}%` }}
                    />
                    <span aria-hidden className={cn('text-[11px] text-muted-foreground', date === today && 'font-semibold text-foreground')}>
                      {name.slice(0, 2)}
                    </span>
                  </li>
                )
              })}
            </ol>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">Sessions</dt>
                <dd className="font-medium tabular-nums">{sessions}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">Focused</dt>
                <dd className="font-medium tabular-nums">{formatMinutes(minutes)}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="flex items-center gap-1 text-muted-foreground">
                  <Trophy size={14} aria-hidden /> Best streak
                </dt>
                <dd className="font-medium tabular-nums">{longestStreak(stats.data ?? [])} d</dd>
              </div>
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  )
}
