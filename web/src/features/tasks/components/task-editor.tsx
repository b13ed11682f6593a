import { Flag, FolderSimple } from '@phosphor-icons/react'
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { useProjects } from '../api/get-projects'
import { TASK_PREFERENCES, useTaskPreference } from '../api/task-preferences'
import type { Task } from '../types'
import { defaultDateForTime, todayIn } from '../utils/dates'
import type { Draft } from '../utils/draft'
import { LEVELS, PRIORITIES, type Priority } from '../utils/priority'
import { AssigneeField } from './fields/assignee-field'
import { DateTimePicker } from './fields/date-time-picker'
import { DurationField } from './fields/duration-field'
import { LocationField } from './fields/location-dialog'
import { ReminderPicker } from './fields/reminder-picker'
import { RepeatPicker } from './fields/repeat-picker'
import { SubtaskList } from './fields/subtask-list'
import { TagInput } from './fields/tag-input'
import { useTasksEnvironment } from './tasks-environment'

type Props = {
  task: Task
  draft: Draft
  change: (patch: Partial<Draft>) => void
  zone: string
  timeZone?: string | undefined
}

function Row({ label, id, children }: { label: string; id?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <span id={id} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
      </span>
      {children}
    </div>
  )
}

/** A textarea that grows with its text (one line of the title, the notes' paragraphs). */
function useAutosize(value: string) {
  const ref = useRef<HTMLTextAreaElement>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${el.scrollHeight + 2}px`
  }, [value])
  return ref
}

const selectClass =
  'h-8 w-full rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring'

/**
 * Every field of a task (001 §2, §3): title, notes, due date and time,
 * duration (a timed task's, issue 26), repeat, reminders, priority, importance and urgency, project, tags,
 * location and subtasks. The pane and the modal show the same form.
 */
export function TaskEditor({ task, draft, change, zone, timeZone }: Props) {
  const user = useRequiredUser()
  const projects = useProjects(user.id)
  const dayPref = useTaskPreference(user.id, TASK_PREFERENCES.defaultDateForTime)
  const today = todayIn(zone)
  const blank = !draft.title.trim()
  const choices = (projects.data ?? []).filter((p) => !p.is_archived || p.id === draft.project_id)
  const titleRef = useAutosize(draft.title)
  const notesRef = useAutosize(draft.notes ?? '')
  const { taskSections } = useTasksEnvironment()

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <textarea
          ref={titleRef}
          aria-label="Task title"
          aria-invalid={blank || undefined}
          value={draft.title}
          maxLength={500}
          rows={1}
          onChange={(e) => change({ title: e.target.value.replace(/\n/g, ' ') })}
          className="min-h-9 w-full resize-none overflow-hidden rounded-md bg-transparent px-1 py-1 text-lg leading-snug font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:ring-2 aria-invalid:ring-destructive"
        />
        {blank ? (
          <p role="alert" className="px-1 text-xs text-destructive">
            Task title required — a title that is left empty is not saved.
          </p>
        ) : null}
        <textarea
          ref={notesRef}
          aria-label="Notes"
          value={draft.notes ?? ''}
          maxLength={100_000}
          onChange={(e) => change({ notes: e.target.value })}
          placeholder="Notes"
          className="min-h-16 w-full resize-none overflow-hidden rounded-md bg-transparent px-1 py-1 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
        />
      </div>

      <Row label="Due">
        <DateTimePicker
          value={{ due_date: draft.due_date, due_time: draft.due_time, reminders: draft.reminders }}
          onChange={change}
          zone={zone}
          today={today}
          dayForTime={defaultDateForTime(dayPref.data, today)}
        />
      </Row>

      {draft.due_time ? (
        <Row label="Duration">
          <DurationField minutes={draft.duration_minutes} onChange={(duration_minutes) => change({ duration_minutes })} />
        </Row>
      ) : null}

      <Row label="Repeat">
        <RepeatPicker recurrence={draft.recurrence} onChange={(recurrence) => change({ recurrence })} />
      </Row>

      <Row label="Reminders">
        <ReminderPicker reminders={draft.reminders} onChange={(reminders) => change({ reminders })} hasDue={!!(draft.due_date || draft.due_time)} />
      </Row>

      <Row label="Priority" id="priority-label">
        <RadioGroupPrimitive.Root
          aria-labelledby="priority-label"
          value={String(draft.priority)}
          onValueChange={(v) => change({ priority: Number(v) as Priority })}
          orientation="horizontal"
          className="flex flex-wrap gap-1"
        >
          {PRIORITIES.map((p) => (
            <RadioGroupPrimitive.Item
              key={p.value}
              value={String(p.value)}
              aria-label={p.label}
              title={p.label}
              className={cn(
                'flex h-8 items-center gap-1 rounded-md border border-input px-2 text-xs font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                'data-[state=checked]:border-transparent data-[state=checked]:bg-secondary',
              )}
            >
              <Flag size={14} weight={p.value ? 'fill' : 'regular'} className={p.tone} aria-hidden />
              {p.short}
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroupPrimitive.Root>
      </Row>

      <div className="grid grid-cols-2 gap-3">
        <Row label="Importance">
          <select aria-label="Importance" className={selectClass} value={draft.importance} onChange={(e) => change({ importance: Number(e.target.value) })}>
            {LEVELS.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </Row>
        <Row label="Urgency">
          <select aria-label="Urgency" className={selectClass} value={draft.urgency} onChange={(e) => change({ urgency: Number(e.target.value) })}>
            {LEVELS.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </Row>
      </div>

      {task.parent_id ? null : (
        <Row label="Project">
          <div className="flex items-center gap-2">
            <FolderSimple size={16} className="shrink-0 text-muted-foreground" aria-hidden />
            <select
              aria-label="Project"
              className={selectClass}
              value={draft.project_id ?? ''}
              onChange={(e) => change({ project_id: e.target.value || null })}
            >
              <option value="">Inbox</option>
              {choices.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.is_archived ? ' (archived)' : ''}
                </option>
              ))}
            </select>
          </div>
        </Row>
      )}

      {task.parent_id ? null : (
        <Row label="Assignee">
          <AssigneeField task={task} />
        </Row>
      )}

      <Row label="Tags">
        <TagInput tags={draft.tags} onChange={(tags) => change({ tags })} />
      </Row>

      <Row label="Location">
        <LocationField location={draft.location} onChange={(location) => change({ location })} />
      </Row>

      {task.parent_id ? null : <SubtaskList parent={task} timeZone={timeZone} />}
      {taskSections?.(task)}
    </div>
  )
}
