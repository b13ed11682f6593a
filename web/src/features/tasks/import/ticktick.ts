import { dayIn } from '../utils/dates'
import { clampInterval } from '../utils/recurrence'
import { formatTags } from '../utils/tags'
import {
  type ImportOptions,
  type ImportPlan,
  type ImportRow,
  type Problem,
  type TaskRow,
  capReminders,
  cell,
  columnOf,
  fitTitle,
  validZone,
} from './model'

/**
 * TickTick's backup CSV (Settings → Backup; docs/decisions.md, "Importers
 * (issue 26)"): a preamble ("Date: …", "Version: 7.1", a status legend in
 * one quoted multi-line cell), then the header row that starts with
 * "Folder Name". Lists become projects (matched by name, case-insensitive);
 * folders group lists and Daybase has none, so they are dropped.
 * Priority 0/1/3/5 → 0 none, 1 low, 2 medium, 3 high. Status 1 (completed)
 * and 2 (archived) import as completed. A checklist task's ▫/▪ lines become
 * subtasks (▪ done). Reminders are ISO-8601 durations before the start
 * (-PT30M); Repeat an RRULE with or without "RRULE:".
 */

export function ticktickPriority(value: string): number {
  switch (value.trim()) {
    case '5':
      return 3
    case '3':
      return 2
    case '1':
      return 1
    default:
      return 0
  }
}

/** "2026-11-20T09:00:00+0000" (also "+00:00", "Z") as a Date, or null. */
export function ticktickInstant(text: string): Date | null {
  const t = text.trim()
  if (!t) return null
  const norm = t.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
  const d = new Date(norm)
  return Number.isNaN(d.getTime()) ? null : d
}

const DURATION = /^(-)?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/

/** One ISO-8601 reminder duration as minutes before the due time; null when it is after it or unreadable. */
export function reminderMinutes(text: string): number | null {
  const t = text.trim().replace(/^TRIGGER:/i, '')
  const m = DURATION.exec(t)
  if (!m || t === 'P' || t === '-P') return null
  const [, neg, w, d, h, min, s] = m
  const total = (Number(w ?? 0) * 7 * 24 + Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(min ?? 0) + Math.floor(Number(s ?? 0) / 60)
  if (total === 0) return 0
  return neg ? total : null
}

const FREQ: Record<string, 'daily' | 'weekly' | 'monthly' | 'yearly'> = {
  DAILY: 'daily',
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  YEARLY: 'yearly',
}
const BYDAY: Record<string, number> = { SU: 0, MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6 }

/** An RRULE (with or without "RRULE:") as tasks.recurrence JSON, or null when it has no FREQ we keep. */
export function rruleRecurrence(text: string): { recurrence: string | null; note?: string } {
  const body = text.trim().replace(/^RRULE:/i, '')
  if (!body) return { recurrence: null }
  const parts = new Map(
    body.split(';').map((p) => {
      const [k = '', v = ''] = p.split('=')
      return [k.trim().toUpperCase(), v.trim()] as const
    }),
  )
  const type = FREQ[parts.get('FREQ')?.toUpperCase() ?? '']
  if (!type) return { recurrence: null, note: `Repeat "${text.trim()}" not supported; dropped` }
  const raw = Number.parseInt(parts.get('INTERVAL') ?? '1', 10) || 1
  const r: Record<string, unknown> = { type, interval: clampInterval(raw) }
  const byday = parts.get('BYDAY')
  if (byday) {
    const days: number[] = []
    for (const d of byday.split(',')) {
      const m = /^([+-]?\d)?(SU|MO|TU|WE|TH|FR|SA)$/i.exec(d.trim())
      if (!m) continue
      days.push(BYDAY[(m[2] ?? '').toUpperCase()] ?? 0)
      if (m[1] && type === 'monthly') r.weekOfMonth = Number(m[1])
    }
    if (days.length) r.daysOfWeek = [...new Set(days)].sort((a, b) => a - b)
  }
  const until = parts.get('UNTIL')
  if (until && /^\d{8}/.test(until)) r.endDate = `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`
  const note = raw !== r.interval ? `Repeat every ${raw} kept as every ${String(r.interval)} (the most is 30)` : undefined
  return { recurrence: JSON.stringify(r), note }
}

/** A checklist's lines: ▫ open, ▪ done; other lines are the task's description. */
export function checklistItems(content: string): { items: { title: string; done: boolean }[]; rest: string } {
  const items: { title: string; done: boolean }[] = []
  const rest: string[] = []
  for (const line of content.split(/\r?\n/)) {
    const m = /^\s*([▫▪])\s*(.*)$/u.exec(line)
    if (m) {
      const title = (m[2] ?? '').trim()
      if (title) items.push({ title, done: m[1] === '▪' })
    } else rest.push(line)
  }
  return { items, rest: rest.join('\n').trim() }
}

export function parseTickTick(cells: readonly string[][], opts: ImportOptions): ImportPlan {
  const problems: Problem[] = []
  const headerAt = cells.findIndex((r) => columnOf(r, 'Folder Name') === 0 && columnOf(r, 'Title') >= 0)
  if (headerAt < 0) {
    return { source: 'ticktick', rows: [], problems: [{ line: 1, message: 'No "Folder Name" header row: not a TickTick backup' }] }
  }
  const header = cells[headerAt] ?? []
  const c = {
    list: columnOf(header, 'List Name'),
    title: columnOf(header, 'Title'),
    kind: columnOf(header, 'Kind'),
    tags: columnOf(header, 'Tags'),
    content: columnOf(header, 'Content'),
    isChecklist: columnOf(header, 'Is Check list', 'Is Checklist'),
    start: columnOf(header, 'Start Date'),
    due: columnOf(header, 'Due Date'),
    reminder: columnOf(header, 'Reminder'),
    repeat: columnOf(header, 'Repeat'),
    priority: columnOf(header, 'Priority'),
    status: columnOf(header, 'Status'),
    completed: columnOf(header, 'Completed Time'),
    timezone: columnOf(header, 'Timezone'),
    allDay: columnOf(header, 'Is All Day'),
    taskId: columnOf(header, 'taskId'),
    parentId: columnOf(header, 'parentId'),
  }

  const projects = new Map<string, string>() // lower name → row key
  const projectRows: ImportRow[] = []
  const parents: ImportRow[] = []
  const children: { row: TaskRow; parentId: string; line: number }[] = []
  const after: ImportRow[] = [] // checklist items, after their task
  const keyOfId = new Map<string, string>()
  const parentOfId = new Map<string, string>()

  for (let i = headerAt + 1; i < cells.length; i++) {
    const row = cells[i] ?? []
    const line = i + 1
    if (row.every((v) => !v.trim())) continue
    const title = cell(row, c.title)
    if (!title) {
      problems.push({ line, message: 'A task without a title; skipped' })
      continue
    }
    const taskId = cell(row, c.taskId)
    const key = taskId ? `t${taskId}` : `r${line}`
    const task: TaskRow = { key, kind: 'task', title: fitTitle(title, line, problems) }

    const list = cell(row, c.list)
    if (list && list.toLowerCase() !== 'inbox') {
      const lower = list.toLowerCase()
      let pkey = projects.get(lower)
      if (!pkey) {
        pkey = `p:${lower}`
        projects.set(lower, pkey)
        projectRows.push({ key: pkey, kind: 'project', name: list.slice(0, 100) })
      }
      task.project = pkey
    }

    const tags = formatTags(cell(row, c.tags).split(/,\s*/))
    if (tags) task.tags = tags
    task.priority = ticktickPriority(cell(row, c.priority))

    const zone = validZone(cell(row, c.timezone)) ?? opts.timeZone
    const allDay = /^(true|y|yes|1)$/i.test(cell(row, c.allDay))
    const dueText = cell(row, c.due) || cell(row, c.start)
    if (dueText) {
      const at = ticktickInstant(dueText)
      if (!at) problems.push({ line, message: `Due date "${dueText}" not understood; dropped` })
      else {
        task.due_date = dayIn(zone, at)
        if (!allDay) task.due_time = at.toISOString()
      }
    }

    const reminderText = cell(row, c.reminder)
    if (reminderText) {
      const minutes: number[] = []
      for (const r of reminderText.split(',')) {
        if (!r.trim()) continue
        const m = reminderMinutes(r)
        if (m === null) problems.push({ line, message: `Reminder "${r.trim()}" is not before the due time; dropped` })
        else if (!minutes.includes(m)) minutes.push(m)
      }
      if (minutes.length && !task.due_time && !task.due_date) problems.push({ line, message: 'Reminders without a due date; dropped' })
      else if (minutes.length) task.reminders = capReminders(minutes, opts.remindersPerTask, line, problems)
    }

    const repeat = cell(row, c.repeat)
    if (repeat) {
      const { recurrence, note } = rruleRecurrence(repeat)
      if (recurrence) task.recurrence = recurrence
      if (note) problems.push({ line, message: note })
    }

    const status = cell(row, c.status)
    if (status === '1' || status === '2') {
      task.is_completed = true
      const done = ticktickInstant(cell(row, c.completed))
      if (done) task.completed_at = done.toISOString()
    }

    const content = cell(row, c.content)
    const isChecklist = /^(y|yes|true)$/i.test(cell(row, c.isChecklist)) || cell(row, c.kind).toUpperCase() === 'CHECKLIST'
    if (isChecklist) {
      const { items, rest } = checklistItems(content)
      if (rest) task.notes = rest
      items.forEach((item, n) => {
        after.push({ key: `${key}.c${n + 1}`, kind: 'task', title: fitTitle(item.title, line, problems), parent: key, ...(item.done ? { is_completed: true } : {}) })
      })
    } else if (content) task.notes = content

    const parentId = cell(row, c.parentId)
    if (taskId) keyOfId.set(taskId, key)
    if (parentId && taskId) parentOfId.set(taskId, parentId)
    if (parentId) children.push({ row: task, parentId, line })
    else parents.push(task)
  }

  // Subtasks after every parent (a backup may list a child first); a
  // grandchild hangs under its top ancestor, as Daybase nests one level.
  const childRows: ImportRow[] = []
  for (const { row, parentId, line } of children) {
    let top = parentId
    let depth = 1
    while (parentOfId.has(top) && depth < 10) {
      top = parentOfId.get(top) ?? top
      depth++
    }
    const parentKey = keyOfId.get(top)
    if (!parentKey) {
      problems.push({ line, message: 'Its parent task is not in the file; imported as a task' })
      parents.push(row)
      continue
    }
    if (depth > 1) problems.push({ line, message: `Nested ${depth} levels deep; Daybase nests one, so it is a subtask of the top task` })
    row.parent = parentKey
    delete row.project // a subtask lives in its parent's project (0105)
    childRows.push(row)
  }
  // A checklist of a subtask would nest two levels: its items join the top task.
  const parentOfKey = new Map(childRows.map((r) => [r.key, r.kind === 'task' ? r.parent : undefined]))
  for (const r of after) {
    const up = r.kind === 'task' && r.parent ? parentOfKey.get(r.parent) : undefined
    if (r.kind === 'task' && up) r.parent = up
  }
  return { source: 'ticktick', rows: [...projectRows, ...parents, ...childRows, ...after], problems }
}
