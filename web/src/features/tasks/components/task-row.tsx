import { ArrowsClockwise, Bell, ListChecks, MapPin, Star } from '@phosphor-icons/react'
import { type DragEvent, type KeyboardEvent, type MouseEvent, memo } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { MemberAvatar } from '@/components/ui/member-avatar'
import { cn } from '@/lib/cn'
import type { Task } from '../types'
import { dueLabel } from '../utils/dates'
import { priorityOption } from '../utils/priority'
import { parseTags, tagColor } from '../utils/tags'
import { ProjectIcon } from './project-icon'
import { startTaskDrag } from './task-drag'

export type RowHandlers = {
  /** A click on the row's body: open it, or select with a modifier (or in select mode). */
  onActivate: (task: Task, e: MouseEvent) => void
  onToggleSelected: (task: Task) => void
  onComplete: (task: Task, completed: boolean) => void
  onStar: (task: Task, starred: boolean) => void
  /** The ids a drag of this row carries (the selection when the row is in it). */
  dragIds: (task: Task) => string[]
}

type Props = {
  task: Task
  handlers: RowHandlers
  zone: string
  /** Re-renders the due text when the day or minute turns. */
  now: Date
  progress: { done: number; total: number } | undefined
  selected: boolean
  selecting: boolean
  open: boolean
  /** Just completed: still shown, struck through, for a moment. */
  lingering: boolean
  showProject: boolean
  draggable: boolean
  /** Two lines (narrow screens) or one. */
  compact: boolean
  /** Whom the task is assigned to (issue 21), when it is. */
  assigneeName?: string | undefined
  assigneeUrl?: string | null | undefined
}

const MAX_TAGS = 2

/** WAI-ARIA: a checkbox toggles on Space, not Enter (as Radix's does). */
const noEnter = (e: KeyboardEvent) => {
  if (e.key === 'Enter') e.preventDefault()
}

/**
 * A task row (issue 18): completion checkbox in its priority's colour,
 * title, due (relative; red when overdue), tags in their colours, project,
 * subtask progress, assignee and star. Fixed height, so the list can be virtualised.
 */
export const TaskRow = memo(function TaskRow({
  task,
  handlers,
  zone,
  now,
  progress,
  selected,
  selecting,
  open,
  lingering,
  showProject,
  draggable,
  compact,
  assigneeName,
  assigneeUrl,
}: Props) {
  const due = dueLabel(task, zone, now)
  const prio = priorityOption(task.priority)
  const tags = parseTags(task.tags)
  const done = task.is_completed
  const meta = (
    <span className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
      {due ? (
        <span
          className={cn(
            'shrink-0 whitespace-nowrap',
            due.tone === 'overdue' && !done && 'font-medium text-red-600 dark:text-red-400',
            due.tone === 'today' && !done && 'text-emerald-700 dark:text-emerald-400',
          )}
        >
          {due.text}
        </span>
      ) : null}
      {task.recurrence ? <ArrowsClockwise size={13} aria-label="Repeats" className="shrink-0" /> : null}
      {task.reminders.length ? <Bell size={13} aria-label="Has reminders" className="shrink-0" /> : null}
      {task.location ? <MapPin size={13} aria-label={`At ${task.location}`} className="shrink-0" /> : null}
      {progress && progress.total ? (
        <span className="flex shrink-0 items-center gap-0.5 tabular-nums" aria-label={`${progress.done} of ${progress.total} subtasks done`}>
          <ListChecks size={13} aria-hidden />
          {progress.done}/{progress.total}
        </span>
      ) : null}
      {tags.slice(0, MAX_TAGS).map((t) => (
        <span
          key={t}
          className="max-w-24 shrink-0 truncate rounded px-1.5 py-px text-[11px] font-medium"
          style={{ color: tagColor(t), backgroundColor: `${tagColor(t)}1f` }}
        >
          {t}
        </span>
      ))}
      {tags.length > MAX_TAGS ? <span className="shrink-0">+{tags.length - MAX_TAGS}</span> : null}
      {showProject && task.project_name ? (
        <span className="ml-auto flex min-w-0 shrink items-center gap-1">
          <ProjectIcon name={task.project_icon_name} weight={task.project_icon_weight} color={task.project_color} size={12} />
          <span className="truncate">{task.project_name}</span>
        </span>
      ) : null}
    </span>
  )

  return (
    <div
      data-task-row={task.id}
      draggable={draggable}
      onDragStart={(e: DragEvent) => startTaskDrag(e, handlers.dragIds(task), task.title)}
      className={cn(
        'group/task flex h-full items-center gap-3 border-b px-4 md:px-6',
        open && 'bg-accent/70',
        selected && 'bg-primary/10',
        (done || lingering) && 'text-muted-foreground',
      )}
    >
      {selecting ? (
        <Checkbox
          checked={selected}
          onCheckedChange={() => handlers.onToggleSelected(task)}
          aria-label={`Select ${task.title}`}
          className="size-5"
        />
      ) : null}
      {/* A plain button with the checkbox role (what Radix's Checkbox renders,
          without its hooks and context): a row mounts for every few pixels of
          a fast scroll through 2,000 tasks. */}
      <button
        type="button"
        role="checkbox"
        aria-checked={done}
        data-state={done ? 'checked' : 'unchecked'}
        onClick={() => handlers.onComplete(task, !done)}
        onKeyDown={noEnter}
        aria-label={done ? `Reopen ${task.title}` : `Complete ${task.title}`}
        className={cn(
          'flex size-5 shrink-0 items-center justify-center rounded-full border-2 outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
          task.priority ? prio.ring : 'border-muted-foreground/50',
          'data-[state=checked]:border-muted-foreground data-[state=checked]:bg-muted-foreground',
        )}
      >
        {done ? <span data-state="checked" className="size-2 rounded-full bg-background" /> : null}
      </button>
      <button
        type="button"
        data-task-open
        onClick={(e) => handlers.onActivate(task, e)}
        aria-current={open ? 'true' : undefined}
        className={cn(
          'flex min-w-0 flex-1 gap-1 self-stretch rounded-sm py-1 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring',
          compact ? 'flex-col justify-center' : 'items-center gap-3',
        )}
      >
        <span className={cn('min-w-0 truncate text-sm', (done || lingering) && 'line-through', !compact && 'shrink')}>
          {task.title}
        </span>
        <span className={cn('min-w-0', !compact && 'ml-auto flex-1')}>{meta}</span>
      </button>
      {assigneeName ? (
        <MemberAvatar name={assigneeName} url={assigneeUrl} label={`Assigned to ${assigneeName}`} className="size-6 shrink-0 text-[10px] ring-1" />
      ) : null}
      <button
        type="button"
        onClick={() => handlers.onStar(task, !task.is_starred)}
        aria-pressed={task.is_starred}
        aria-label={`Star ${task.title}`}
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-md outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
          task.is_starred ? 'text-amber-500' : 'text-muted-foreground/60 opacity-0 group-hover/task:opacity-100 focus-visible:opacity-100 max-md:opacity-100',
        )}
      >
        <Star size={16} weight={task.is_starred ? 'fill' : 'regular'} aria-hidden />
      </button>
    </div>
  )
})
