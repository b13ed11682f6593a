import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { type DashboardTask, PRIORITY_CLASS, PRIORITY_LABEL, daysBetween } from './agenda'

const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' })

function dueText(t: DashboardTask, today: string): string {
  if (!t.due_date) return ''
  const d = daysBetween(t.due_date, today)
  if (d > 0) return d === 1 ? 'Yesterday' : `${d} days overdue`
  return t.due_time ? time.format(new Date(t.due_time)) : ''
}

/** A task with its quick-complete box, due, project and priority; actions from the route. */
export function TaskRow({ task, today, onComplete, actions }: { task: DashboardTask; today: string; onComplete: () => void; actions?: ReactNode }) {
  const overdue = !!task.due_date && task.due_date < today
  const due = dueText(task, today)
  return (
    <li className="group flex items-center gap-3 px-4 py-2 text-sm md:px-5">
      {/* A native checkbox: the row needs no script to be ticked off. */}
      <input
        type="checkbox"
        aria-label={`Complete ${task.title}`}
        onChange={(e) => e.target.checked && onComplete()}
        className="size-[18px] shrink-0 cursor-pointer appearance-none rounded-full border-2 border-muted-foreground/50 transition-colors outline-none checked:border-primary checked:bg-primary hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      />
      <span className="grid min-w-0 flex-1">
        <span className="truncate">{task.title}</span>
        {task.project_name || due ? (
          <span className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
            {due ? <span className={cn(overdue && 'font-medium text-rose-600 dark:text-rose-400')}>{due}</span> : null}
            {task.project_name ? (
              <span className="flex min-w-0 items-center gap-1">
                <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ background: task.project_color ?? undefined }} />
                <span className="truncate">{task.project_name}</span>
              </span>
            ) : null}
          </span>
        ) : null}
      </span>
      {PRIORITY_CLASS[task.priority] ? (
        <span role="img" aria-label={PRIORITY_LABEL[task.priority]} className={cn('size-2 shrink-0 rounded-full', PRIORITY_CLASS[task.priority])} />
      ) : null}
      {actions}
    </li>
  )
}
