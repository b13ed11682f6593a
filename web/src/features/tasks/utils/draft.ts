import type { Task } from '../types'

/** What the edit pane and modal edit as one form (the rest are actions of their own). */
export type Draft = Pick<
  Task,
  | 'title'
  | 'notes'
  | 'due_date'
  | 'due_time'
  | 'duration_minutes'
  | 'reminders'
  | 'recurrence'
  | 'location'
  | 'priority'
  | 'importance'
  | 'urgency'
  | 'tags'
  | 'project_id'
>

export const DRAFT_FIELDS: readonly (keyof Draft)[] = [
  'title',
  'notes',
  'due_date',
  'due_time',
  'duration_minutes',
  'reminders',
  'recurrence',
  'location',
  'priority',
  'importance',
  'urgency',
  'tags',
  'project_id',
]

export function draftOf(task: Task): Draft {
  return {
    title: task.title,
    notes: task.notes,
    due_date: task.due_date,
    due_time: task.due_time,
    duration_minutes: task.duration_minutes,
    reminders: task.reminders,
    recurrence: task.recurrence,
    location: task.location,
    priority: task.priority,
    importance: task.importance,
    urgency: task.urgency,
    tags: task.tags,
    project_id: task.project_id,
  }
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i])
  if (typeof a === 'string' && typeof b === 'string' && a.includes('T') && b.includes('T')) {
    const ta = Date.parse(a)
    const tb = Date.parse(b)
    if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta === tb
  }
  return (a ?? null) === (b ?? null)
}

/** The fields of draft that differ from base (what to save). A blank title is never saved. */
export function changesOf(base: Draft, draft: Draft): Partial<Draft> {
  const out: Partial<Draft> = {}
  for (const key of DRAFT_FIELDS) {
    if (same(base[key], draft[key])) continue
    if (key === 'title' && !draft.title.trim()) continue
    Object.assign(out, { [key]: key === 'title' ? draft.title.trim() : key === 'notes' && draft.notes === '' ? null : draft[key] })
  }
  return out
}
