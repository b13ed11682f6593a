import { CheckSquare, Plus } from '@phosphor-icons/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { describeError } from '@/lib/errors'
import { type DashboardTask, splitAgenda } from './agenda'
import { TaskRow } from './task-row'

export type AgendaProps = {
  tasks: readonly DashboardTask[] | undefined
  today: string
  isPending: boolean
  error: Error | null
  onRetry: () => void
  onComplete: (task: DashboardTask) => void
  onAdd: () => void
  /** A row's menu, composed by the route (create an issue, open in tasks). */
  rowActions?: (task: DashboardTask) => ReactNode
}

function Rows({ tasks, label, ...props }: { tasks: DashboardTask[]; label: string } & Pick<AgendaProps, 'today' | 'onComplete' | 'rowActions'>) {
  return (
    <ul aria-label={label} className="divide-y">
      {tasks.map((t) => (
        <TaskRow key={t.id} task={t} today={props.today} onComplete={() => props.onComplete(t)} actions={props.rowActions?.(t)} />
      ))}
    </ul>
  )
}

function GroupTitle({ children, tone }: { children: ReactNode; tone?: 'warning' }) {
  return (
    <h3 className={tone === 'warning' ? 'px-4 pt-3 pb-1 text-xs font-semibold text-rose-600 uppercase md:px-5 dark:text-rose-400' : 'px-4 pt-3 pb-1 text-xs font-semibold text-muted-foreground uppercase md:px-5'}>
      {children}
    </h3>
  )
}

/** Today: what is overdue and what is due today, each completed with one click. */
export function AgendaCard(props: AgendaProps) {
  const { tasks, today, isPending, error } = props
  const { overdue, dueToday } = splitAgenda(tasks ?? [], today)
  return (
    <Card aria-labelledby="today-title">
      <CardHeader className="flex items-center justify-between gap-2 pb-1">
        <CardTitle id="today-title">Today</CardTitle>
        <Link to="/app/tasks?view=today" className="text-sm text-primary underline-offset-4 hover:underline">
          All of today
        </Link>
      </CardHeader>
      <CardContent className="px-0 pb-2">
        {isPending ? (
          <div className="grid gap-3 px-4 py-3 md:px-5" aria-hidden>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-7" />
            ))}
          </div>
        ) : error ? (
          <div className="px-4 py-3 md:px-5">
            <Alert variant="destructive">
              Could not load your tasks. {describeError(error)}{' '}
              <Button variant="link" className="h-auto p-0" onClick={props.onRetry}>
                Try again
              </Button>
            </Alert>
          </div>
        ) : overdue.length + dueToday.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <CheckSquare size={28} weight="duotone" aria-hidden className="text-muted-foreground" />
            <p className="font-medium">Nothing due today</p>
            <p className="max-w-xs text-sm text-muted-foreground">Enjoy the calm, or plan something: press Q to add a task.</p>
            <Button size="sm" variant="outline" className="mt-1" onClick={props.onAdd}>
              <Plus size={14} aria-hidden /> Add task
            </Button>
          </div>
        ) : (
          <>
            {overdue.length ? (
              <>
                <GroupTitle tone="warning">Overdue · {overdue.length}</GroupTitle>
                <Rows tasks={overdue} label="Overdue tasks" today={today} onComplete={props.onComplete} rowActions={props.rowActions} />
              </>
            ) : null}
            {dueToday.length ? (
              <>
                <GroupTitle>Due today · {dueToday.length}</GroupTitle>
                <Rows tasks={dueToday} label="Tasks due today" today={today} onComplete={props.onComplete} rowActions={props.rowActions} />
              </>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  )
}

const dayName = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'short', day: 'numeric' })

function labelOf(day: string, today: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const date = new Date(y, m - 1, d)
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  return new Date(ty, tm - 1, td + 1).getTime() === date.getTime() ? `Tomorrow, ${dayName.format(date).split(', ')[1] ?? ''}` : dayName.format(date)
}

/** The week ahead: tasks of the next seven days, by day (drawn once the agenda's answer is in: dashboard.tsx). */
export function UpcomingCard(props: AgendaProps) {
  const { upcoming } = splitAgenda(props.tasks ?? [], props.today)
  return (
    <Card aria-labelledby="upcoming-title">
      <CardHeader className="flex items-center justify-between gap-2 pb-1">
        <CardTitle id="upcoming-title">Next 7 days</CardTitle>
        <Link to="/app/tasks?view=upcoming" className="text-sm text-primary underline-offset-4 hover:underline">
          Upcoming
        </Link>
      </CardHeader>
      <CardContent className="px-0 pb-2">
        {upcoming.length === 0 ? (
          <p className="px-4 py-4 text-sm text-muted-foreground md:px-5">Nothing planned for the week ahead.</p>
        ) : (
          upcoming.map(([day, tasks]) => (
            <section key={day} aria-label={labelOf(day, props.today)}>
              <GroupTitle>{labelOf(day, props.today)}</GroupTitle>
              <Rows tasks={tasks} label={`Tasks due ${labelOf(day, props.today)}`} today={props.today} onComplete={props.onComplete} rowActions={props.rowActions} />
            </section>
          ))
        )}
      </CardContent>
    </Card>
  )
}
