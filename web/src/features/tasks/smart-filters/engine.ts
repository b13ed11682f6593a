import type { Task } from '../types'
import { addDays, dayIn, type IsoDay, instantOf, taskDay, todayIn, weekday } from '../utils/dates'
import { parseRecurrence } from '../utils/recurrence'

/**
 * The smart filter engine (001 §3, §9; issue 19): filters_data in, the
 * tasks it matches out. One pure module:
 * - compile() turns the conditions into a PostgREST logic tree for the
 *   conditions the server can evaluate (text, flags, levels, dates, the
 *   project), so the read fetches only candidates;
 * - matches() evaluates every condition in the client: the final word for
 *   all of them, and the only one for those PostgREST cannot express
 *   (has_subtasks, has_attachments, recurrence, values with LIKE wildcards).
 * With AND the server narrows by the conditions it can evaluate; with OR it
 * narrows only when it can evaluate them all.
 */

export const FIELDS = [
  'title',
  'notes',
  'completed',
  'priority',
  'due_date',
  'created_at',
  'completed_at',
  'project_id',
  'tags',
  'is_starred',
  'has_attachments',
  'has_notes',
  'has_reminders',
  'has_subtasks',
  'recurrence',
  'importance',
  'urgency',
  'assigned_to',
] as const
export type Field = (typeof FIELDS)[number]

export const OPERATORS = [
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'is_empty',
  'is_not_empty',
  'equals',
  'not_equals',
  'greater_than',
  'less_than',
  'is_today',
  'is_this_week',
  'is_overdue',
] as const
export type Operator = (typeof OPERATORS)[number]

export type FieldKind = 'text' | 'boolean' | 'level' | 'date' | 'project' | 'recurrence' | 'assignee'

export const FIELD_KIND: Record<Field, FieldKind> = {
  title: 'text',
  notes: 'text',
  tags: 'text',
  completed: 'boolean',
  is_starred: 'boolean',
  has_attachments: 'boolean',
  has_notes: 'boolean',
  has_reminders: 'boolean',
  has_subtasks: 'boolean',
  priority: 'level',
  importance: 'level',
  urgency: 'level',
  due_date: 'date',
  created_at: 'date',
  completed_at: 'date',
  project_id: 'project',
  recurrence: 'recurrence',
  assigned_to: 'assignee',
}

/** The operators offered per field (001 §3). */
export const OPERATORS_BY_KIND: Record<FieldKind, readonly Operator[]> = {
  text: ['contains', 'not_contains', 'starts_with', 'ends_with', 'is_empty', 'is_not_empty'],
  boolean: ['equals', 'not_equals'],
  level: ['equals', 'not_equals', 'greater_than', 'less_than'],
  date: ['is_today', 'is_this_week', 'is_overdue', 'is_empty', 'is_not_empty', 'greater_than', 'less_than'],
  project: ['equals', 'not_equals', 'is_empty', 'is_not_empty'],
  recurrence: ['equals', 'not_equals', 'is_empty', 'is_not_empty'],
  assignee: ['equals', 'not_equals', 'is_empty', 'is_not_empty'],
}

/** The assignee value that means the viewer (`assigned to: me`); stored as is, resolved per viewer. */
export const ME = 'me'

/** Operators that take no value (001 §5). */
export const VALUELESS: ReadonlySet<Operator> = new Set(['is_today', 'is_this_week', 'is_overdue', 'is_empty', 'is_not_empty'])

export type Condition = { field: Field; operator: Operator; value?: unknown }
export type FilterData = { conditions: Condition[]; logic: 'AND' | 'OR' }

export type EvalContext = {
  zone: string
  now: Date
  /** The viewer, whom an assignee value 'me' names. */
  userId?: string
  /** Ids of tasks that have live subtasks (has_subtasks). */
  parents?: ReadonlySet<string>
  /** Ids of tasks with attachments (has_attachments). */
  withAttachments?: ReadonlySet<string>
}

// ---------------------------------------------------------------------------
// Reading filters_data

/** filters_data as stored, or null when it is not a usable filter (the server validates on save). */
export function readFilterData(text: string | null | undefined): FilterData | null {
  if (!text) return null
  try {
    const v = JSON.parse(text) as { conditions?: unknown; logic?: unknown }
    if (!v || !Array.isArray(v.conditions)) return null
    const logic = v.logic === 'OR' ? 'OR' : 'AND'
    const conditions = v.conditions.flatMap((c: unknown): Condition[] => {
      if (!c || typeof c !== 'object') return []
      const { field, operator, value } = c as Record<string, unknown>
      if (!FIELDS.includes(field as Field) || !OPERATORS.includes(operator as Operator)) return []
      return [{ field: field as Field, operator: operator as Operator, value }]
    })
    return { conditions, logic }
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------
// Values

export function toBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return v !== 0
  return ['true', 'yes', '1'].includes(String(v ?? '').trim().toLowerCase())
}

const LEVEL_NAMES: Record<string, number> = { none: 0, low: 1, medium: 2, high: 3 }

export function toLevel(v: unknown): number {
  if (typeof v === 'number') return v
  const s = String(v ?? '').trim().toLowerCase()
  return LEVEL_NAMES[s] ?? (Number.isFinite(Number(s)) && s !== '' ? Number(s) : 0)
}

const RELATIVE = /^now\s*(?:([+-])\s*(\d{1,4})\s*([hdwmy]))?$/i

/**
 * A date value as an instant: 'now', 'now-3d', 'now+2w' (h, d, w, m for
 * months, y), 'today', 'tomorrow', 'yesterday' (their start in zone), a day
 * 'yyyy-MM-dd' (its start in zone), or an ISO instant. null when unreadable.
 */
export function resolveInstant(v: unknown, ctx: EvalContext): Date | null {
  const s = String(v ?? '').trim()
  const today = todayIn(ctx.zone, ctx.now)
  const lowered = s.toLowerCase()
  if (lowered === 'today') return new Date(instantOf(today, '00:00', ctx.zone))
  if (lowered === 'tomorrow') return new Date(instantOf(addDays(today, 1), '00:00', ctx.zone))
  if (lowered === 'yesterday') return new Date(instantOf(addDays(today, -1), '00:00', ctx.zone))
  const rel = RELATIVE.exec(s)
  if (rel) {
    const d = new Date(ctx.now.getTime())
    if (!rel[1]) return d
    const n = Number(rel[2]) * (rel[1] === '-' ? -1 : 1)
    switch ((rel[3] ?? 'd').toLowerCase()) {
      case 'h':
        return new Date(d.getTime() + n * 3_600_000)
      case 'd':
        return new Date(d.getTime() + n * 86_400_000)
      case 'w':
        return new Date(d.getTime() + n * 7 * 86_400_000)
      case 'm':
        d.setUTCMonth(d.getUTCMonth() + n)
        return d
      default:
        d.setUTCFullYear(d.getUTCFullYear() + n)
        return d
    }
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return new Date(instantOf(s, '00:00', ctx.zone))
  const t = Date.parse(s)
  return Number.isNaN(t) ? null : new Date(t)
}

/** A date value as a calendar day in zone. */
export function resolveDay(v: unknown, ctx: EvalContext): IsoDay | null {
  const s = String(v ?? '').trim()
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s
  const at = resolveInstant(v, ctx)
  return at ? dayIn(ctx.zone, at) : null
}

function weekOf(today: IsoDay): [IsoDay, IsoDay] {
  const monday = addDays(today, -((weekday(today) + 6) % 7))
  return [monday, addDays(monday, 6)]
}

// ---------------------------------------------------------------------------
// Client evaluation

function textOf(task: Task, field: Field): string {
  const v = field === 'title' ? task.title : field === 'notes' ? task.notes : task.tags
  return (v ?? '').toString()
}

function evalText(text: string, op: Operator, value: unknown): boolean {
  const hay = text.toLowerCase()
  const needle = String(value ?? '').toLowerCase()
  switch (op) {
    case 'contains':
      return hay.includes(needle)
    case 'not_contains':
      return !hay.includes(needle)
    case 'starts_with':
      return hay.startsWith(needle)
    case 'ends_with':
      return hay.endsWith(needle)
    case 'is_empty':
      return text.trim() === ''
    case 'is_not_empty':
      return text.trim() !== ''
    case 'equals':
      return hay === needle
    case 'not_equals':
      return hay !== needle
    default:
      return false
  }
}

function flagOf(task: Task, field: Field, ctx: EvalContext): boolean {
  switch (field) {
    case 'completed':
      return task.is_completed
    case 'is_starred':
      return task.is_starred
    case 'has_notes':
      return !!task.notes?.trim()
    case 'has_reminders':
      return (task.reminders?.length ?? 0) > 0
    case 'has_subtasks':
      return ctx.parents?.has(task.id) ?? false
    case 'has_attachments':
      return ctx.withAttachments?.has(task.id) ?? false
    default:
      return false
  }
}

function compare(a: number, op: Operator, b: number): boolean {
  switch (op) {
    case 'equals':
      return a === b
    case 'not_equals':
      return a !== b
    case 'greater_than':
      return a > b
    case 'less_than':
      return a < b
    default:
      return false
  }
}

/** The operators that place a day relative to today; undefined for the others. */
function relativeToToday(day: string | null, op: Operator, today: string): boolean | undefined {
  switch (op) {
    case 'is_empty':
      return day === null
    case 'is_not_empty':
      return day !== null
    case 'is_today':
      return day === today
    case 'is_this_week': {
      const [from, to] = weekOf(today)
      return day !== null && day >= from && day <= to
    }
    case 'is_overdue':
      return day !== null && day < today
    default:
      return undefined
  }
}

function evalDue(task: Task, op: Operator, value: unknown, ctx: EvalContext): boolean {
  // A completed task is overdue no more.
  if (op === 'is_overdue' && task.is_completed) return false
  const day = taskDay(task, ctx.zone)
  const relative = relativeToToday(day, op, todayIn(ctx.zone, ctx.now))
  if (relative !== undefined) return relative
  const v = resolveDay(value, ctx)
  if (day === null || v === null) return false
  return compare(day < v ? -1 : day > v ? 1 : 0, op, 0)
}

function evalInstant(at: string | null, op: Operator, value: unknown, ctx: EvalContext): boolean {
  const relative = relativeToToday(at ? dayIn(ctx.zone, at) : null, op, todayIn(ctx.zone, ctx.now))
  if (relative !== undefined) return relative
  const v = resolveInstant(value, ctx)
  if (!at || !v) return false
  return compare(Date.parse(at), op, v.getTime())
}

function evalRecurrence(task: Task, op: Operator, value: unknown): boolean {
  const r = parseRecurrence(task.recurrence)
  switch (op) {
    case 'is_empty':
      return r === null
    case 'is_not_empty':
      return r !== null
    case 'equals':
      return r !== null && r.type === String(value ?? '').toLowerCase()
    case 'not_equals':
      return r === null || r.type !== String(value ?? '').toLowerCase()
    default:
      return false
  }
}

/** Whether one condition holds for a task. */
export function holds(task: Task, c: Condition, ctx: EvalContext): boolean {
  switch (FIELD_KIND[c.field]) {
    case 'text':
      return evalText(textOf(task, c.field), c.operator, c.value)
    case 'boolean': {
      const want = toBool(c.value)
      const has = flagOf(task, c.field, ctx)
      return c.operator === 'not_equals' ? has !== want : c.operator === 'equals' ? has === want : false
    }
    case 'level': {
      const n = c.field === 'priority' ? task.priority : c.field === 'importance' ? task.importance : task.urgency
      return compare(n ?? 0, c.operator, toLevel(c.value))
    }
    case 'date':
      if (c.field === 'due_date') return evalDue(task, c.operator, c.value, ctx)
      return evalInstant(c.field === 'created_at' ? task.created_at : task.completed_at, c.operator, c.value, ctx)
    case 'project': {
      const v = String(c.value ?? '')
      switch (c.operator) {
        case 'is_empty':
          return !task.project_id
        case 'is_not_empty':
          return !!task.project_id
        case 'equals':
          return task.project_id === v
        case 'not_equals':
          return task.project_id !== v
        default:
          return false
      }
    }
    case 'recurrence':
      return evalRecurrence(task, c.operator, c.value)
    case 'assignee': {
      const who = assigneeOf(c.value, ctx)
      switch (c.operator) {
        case 'is_empty':
          return !task.assigned_to
        case 'is_not_empty':
          return !!task.assigned_to
        case 'equals':
          return who !== null && task.assigned_to === who
        case 'not_equals':
          return who !== null && task.assigned_to !== who
        default:
          return false
      }
    }
  }
}

/** Whether a condition value is a row id (a project's, a user's). */
const isId = (v: string) => /^[0-9a-f-]{36}$/i.test(v)

/** The user an assignee value names: 'me' is the viewer, else a user id; null when unknown. */
function assigneeOf(v: unknown, ctx: EvalContext): string | null {
  const s = String(v ?? '').trim().toLowerCase()
  if (s === ME) return ctx.userId ?? null
  return isId(s) ? s : null
}

/** Whether a task matches the filter. A filter without conditions matches nothing. */
export function matches(task: Task, data: FilterData, ctx: EvalContext): boolean {
  if (data.conditions.length === 0) return false
  return data.logic === 'OR' ? data.conditions.some((c) => holds(task, c, ctx)) : data.conditions.every((c) => holds(task, c, ctx))
}

// ---------------------------------------------------------------------------
// Server narrowing (PostgREST logic trees)

/** A value quoted for a logic tree; null when it holds what LIKE or the tree would read as syntax. */
function likeValue(v: unknown, pattern: (s: string) => string): string | null {
  const s = String(v ?? '')
  if (/[*%_\\"]/.test(s)) return null
  return `"${pattern(s)}"`
}

function dayRange(from: IsoDay, toInclusive: IsoDay, zone: string): [string, string] {
  return [instantOf(from, '00:00', zone), instantOf(addDays(toInclusive, 1), '00:00', zone)]
}

/** A due-day condition on due_date, or on due_time's day for tasks with only a time. */
function dueBetween(from: IsoDay, to: IsoDay, zone: string): string {
  const [start, end] = dayRange(from, to, zone)
  return `or(and(due_date.gte.${from},due_date.lte.${to}),and(due_date.is.null,due_time.gte."${start}",due_time.lt."${end}"))`
}

/** One condition as a PostgREST logic-tree item, or null when only the client can evaluate it. */
export function serverClause(c: Condition, ctx: EvalContext): string | null {
  const today = todayIn(ctx.zone, ctx.now)
  switch (FIELD_KIND[c.field]) {
    case 'text': {
      const col = c.field
      switch (c.operator) {
        case 'contains': {
          const v = likeValue(c.value, (s) => `*${s}*`)
          return v && `${col}.ilike.${v}`
        }
        case 'not_contains': {
          const v = likeValue(c.value, (s) => `*${s}*`)
          return v && `or(${col}.is.null,${col}.not.ilike.${v})`
        }
        case 'starts_with': {
          const v = likeValue(c.value, (s) => `${s}*`)
          return v && `${col}.ilike.${v}`
        }
        case 'ends_with': {
          const v = likeValue(c.value, (s) => `*${s}`)
          return v && `${col}.ilike.${v}`
        }
        case 'is_empty':
          return null // blank-only text is empty too: the client decides
        case 'is_not_empty':
          return `${col}.not.is.null`
        default:
          return null
      }
    }
    case 'boolean': {
      if (c.operator !== 'equals' && c.operator !== 'not_equals') return null
      const want = toBool(c.value) === (c.operator === 'equals')
      if (c.field === 'completed') return `is_completed.is.${want}`
      if (c.field === 'is_starred') return `is_starred.is.${want}`
      if (c.field === 'has_reminders') return want ? 'reminders.neq.{}' : 'reminders.eq.{}'
      if (c.field === 'has_notes') return want ? 'notes.not.is.null' : null
      return null
    }
    case 'level': {
      const op = { equals: 'eq', not_equals: 'neq', greater_than: 'gt', less_than: 'lt' }[c.operator as string]
      return op ? `${c.field}.${op}.${toLevel(c.value)}` : null
    }
    case 'date': {
      if (c.field === 'due_date') {
        switch (c.operator) {
          case 'is_empty':
            return 'and(due_date.is.null,due_time.is.null)'
          case 'is_not_empty':
            return 'or(due_date.not.is.null,due_time.not.is.null)'
          case 'is_today':
            return dueBetween(today, today, ctx.zone)
          case 'is_this_week': {
            const [from, to] = weekOf(today)
            return dueBetween(from, to, ctx.zone)
          }
          case 'is_overdue':
            return `and(is_completed.is.false,${dueBetween('0001-01-01', addDays(today, -1), ctx.zone)})`
          case 'greater_than': {
            const v = resolveDay(c.value, ctx)
            return v && dueBetween(addDays(v, 1), '9999-12-30', ctx.zone)
          }
          case 'less_than': {
            const v = resolveDay(c.value, ctx)
            return v && dueBetween('0001-01-01', addDays(v, -1), ctx.zone)
          }
          default:
            return null
        }
      }
      const col = c.field
      switch (c.operator) {
        case 'is_empty':
          return `${col}.is.null`
        case 'is_not_empty':
          return `${col}.not.is.null`
        case 'is_today': {
          const [s, e] = dayRange(today, today, ctx.zone)
          return `and(${col}.gte."${s}",${col}.lt."${e}")`
        }
        case 'is_this_week': {
          const [from, to] = weekOf(today)
          const [s, e] = dayRange(from, to, ctx.zone)
          return `and(${col}.gte."${s}",${col}.lt."${e}")`
        }
        case 'is_overdue':
          return `${col}.lt."${instantOf(today, '00:00', ctx.zone)}"`
        case 'greater_than':
        case 'less_than': {
          const v = resolveInstant(c.value, ctx)
          return v && `${col}.${c.operator === 'greater_than' ? 'gt' : 'lt'}."${v.toISOString()}"`
        }
        default:
          return null
      }
    }
    case 'project': {
      const v = String(c.value ?? '')
      const uuid = isId(v)
      switch (c.operator) {
        case 'is_empty':
          return 'project_id.is.null'
        case 'is_not_empty':
          return 'project_id.not.is.null'
        case 'equals':
          return uuid ? `project_id.eq.${v}` : null
        case 'not_equals':
          return uuid ? `or(project_id.is.null,project_id.neq.${v})` : null
        default:
          return null
      }
    }
    case 'recurrence':
      return null
    case 'assignee': {
      const who = assigneeOf(c.value, ctx)
      switch (c.operator) {
        case 'is_empty':
          return 'assigned_to.is.null'
        case 'is_not_empty':
          return 'assigned_to.not.is.null'
        case 'equals':
          return who && `assigned_to.eq.${who}`
        case 'not_equals':
          return who && `or(assigned_to.is.null,assigned_to.neq.${who})`
        default:
          return null
      }
    }
  }
}

/**
 * The logic tree that narrows the read (for supabase-js .or(): a single
 * and(...) or or(...) item), or null when the server cannot narrow.
 */
export function compile(data: FilterData, ctx: EvalContext): string | null {
  const clauses = data.conditions.map((c) => serverClause(c, ctx))
  if (data.logic === 'OR') {
    if (clauses.length === 0 || clauses.some((c) => c === null)) return null
    return `or(${clauses.join(',')})`
  }
  const known = clauses.filter((c): c is string => c !== null)
  return known.length ? `and(${known.join(',')})` : null
}

/** What the client must load besides the tasks to evaluate the filter. */
export function needs(data: FilterData): { parents: boolean; attachments: boolean; assigned: boolean } {
  return {
    parents: data.conditions.some((c) => c.field === 'has_subtasks'),
    attachments: data.conditions.some((c) => c.field === 'has_attachments'),
    // Tasks others assigned to the viewer (their projects, their teams) are read too.
    assigned: data.conditions.some((c) => c.field === 'assigned_to'),
  }
}
