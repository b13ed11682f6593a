import { firstOccurrence, parse } from '../quick-add/parse'
import { instantOf, todayIn, weekday } from '../utils/dates'
import { serializeRecurrence } from '../utils/recurrence'
import { formatTags } from '../utils/tags'
import { type ImportOptions, type ImportPlan, type ImportRow, type Problem, type TaskRow, cell, columnOf, fitTitle, validZone } from './model'

/**
 * Todoist's project CSV (Export as template → CSV; docs/decisions.md,
 * "Importers (issue 26)"): TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT,
 * AUTHOR, RESPONSIBLE, DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT,
 * DEADLINE, DEADLINE_LANG — found by name, in any order, any case.
 *
 * - The file is one project, named after the file ("Work.csv" → Work).
 * - TYPE task; note = a comment on the task above; section = a tag on
 *   the tasks below it (Daybase has no sections); meta and blank rows skip.
 * - INDENT 1 is a task, 2 its subtask; Daybase nests one level, so 3 and 4
 *   hang under the INDENT-1 task above, with a problem that says so.
 * - PRIORITY is the CSV's own numbering, 1 = p1 (most urgent) … 4 = p4
 *   (Todoist's default, "no priority"); the API numbers the other way
 *   (4 = p1). Stored on our 0–4 scale: p1 → 4, p2 → 3, p3 → 2, p4 → 0.
 * - Labels are `@name` words in CONTENT, taken out of the title.
 * - DATE is free text ("every friday", "tomorrow 5pm", "2026-12-01"): an
 *   ISO date is read as such, anything else goes through quick add's parser.
 */

/** Todoist CSV PRIORITY (1 = p1 … 4 = p4) on Daybase's scale (0 none … 4 urgent). */
export function todoistPriority(value: string): number {
  switch (value.trim()) {
    case '1':
      return 4
    case '2':
      return 3
    case '3':
      return 2
    default:
      return 0
  }
}

// A label is @ at the start or after a space (an e-mail's @ is not), then
// letters, digits and _ - . / up to the next space.
const LABEL = /(^|\s)@([\p{L}\p{N}_\-./]+)/gu

/** CONTENT's labels and the title without them. */
export function splitLabels(content: string): { title: string; labels: string[] } {
  const labels: string[] = []
  const title = content
    .replace(LABEL, (_m, lead: string, name: string) => {
      labels.push(name.replace(/[.,]+$/, ''))
      return lead
    })
    .replace(/\s+/g, ' ')
    .trim()
  return { title, labels }
}

const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/

type Due = Pick<TaskRow, 'due_date' | 'due_time' | 'recurrence'>

/** DATE's text as due fields, or null when neither an ISO date nor quick add can read it. */
export function todoistDate(text: string, opts: ImportOptions, zone: string): Due | null {
  const t = text.trim()
  if (!t) return {}
  const iso = ISO_DAY.exec(t)
  if (iso) {
    const [, day = '', time, offset] = iso
    if (!time) return { due_date: day }
    const instant = offset ? new Date(t.replace(' ', 'T')).toISOString() : instantOf(day, time, zone)
    return { due_date: day, due_time: instant }
  }
  const parsed = parse(t, { now: opts.now, timeZone: zone })
  // Words left over mean the parser read only part of the phrase.
  if (parsed.title.trim() || (!parsed.dueDate && !parsed.recurrence && !parsed.dueTime)) return null
  const today = todayIn(zone, opts.now)
  let day = parsed.dueDate ?? (parsed.recurrence ? firstOccurrence(parsed.recurrence, today) : parsed.dueTime ? today : null)
  // "every monday at 9am": the time alone gave today; the first Monday is meant.
  const days = parsed.recurrence?.daysOfWeek
  if (day && parsed.recurrence && days?.length && !days.includes(weekday(day))) day = firstOccurrence(parsed.recurrence, today)
  const out: Due = {}
  if (day) out.due_date = day
  if (day && parsed.dueTime) out.due_time = instantOf(day, parsed.dueTime, zone)
  if (parsed.recurrence) out.recurrence = serializeRecurrence(parsed.recurrence) ?? undefined
  return out
}

/** The project name an export file carries: its name without ".csv" (and a browser's " (1)"). */
export function projectNameOf(fileName: string, fallback = 'Imported from Todoist'): string {
  const name = fileName
    .replace(/\.csv$/i, '')
    .replace(/\s*\(\d+\)$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
  return (name || fallback).slice(0, 100)
}

export function parseTodoist(cells: readonly string[][], fileName: string, opts: ImportOptions): ImportPlan {
  const problems: Problem[] = []
  const rows: ImportRow[] = []
  const headerAt = cells.findIndex((r) => columnOf(r, 'TYPE') === 0 && columnOf(r, 'CONTENT') >= 0)
  if (headerAt < 0) {
    return { source: 'todoist', rows, problems: [{ line: 1, message: 'No TYPE and CONTENT columns: not a Todoist CSV export' }] }
  }
  const header = cells[headerAt] ?? []
  const col = {
    type: columnOf(header, 'TYPE'),
    content: columnOf(header, 'CONTENT'),
    description: columnOf(header, 'DESCRIPTION'),
    priority: columnOf(header, 'PRIORITY'),
    indent: columnOf(header, 'INDENT'),
    date: columnOf(header, 'DATE'),
    timezone: columnOf(header, 'TIMEZONE'),
    deadline: columnOf(header, 'DEADLINE'),
    responsible: columnOf(header, 'RESPONSIBLE'),
  }
  const projectKey = 'project'
  rows.push({ key: projectKey, kind: 'project', name: projectNameOf(fileName) })

  let section: string | null = null
  let lastTask: string | null = null
  let topTask: string | null = null

  for (let i = headerAt + 1; i < cells.length; i++) {
    const row = cells[i] ?? []
    const line = i + 1
    const type = cell(row, col.type).toLowerCase()
    const content = cell(row, col.content)
    if (!type && !content) continue
    if (type === 'meta') continue
    if (type === 'section') {
      section = content.replace(/,/g, ' ').trim() || null
      topTask = null
      lastTask = null
      continue
    }
    if (type === 'note') {
      if (!lastTask) {
        problems.push({ line, message: 'A note with no task above it; skipped' })
      } else if (content) {
        rows.push({ key: `r${line}`, kind: 'comment', task: lastTask, content: content.slice(0, 10000) })
      }
      continue
    }
    if (type !== 'task') {
      problems.push({ line, message: `Unknown TYPE "${type}"; skipped` })
      continue
    }

    const { title: bare, labels } = splitLabels(content)
    if (!bare) {
      problems.push({ line, message: 'A task without a title; skipped' })
      continue
    }
    const key = `r${line}`
    const task: TaskRow = { key, kind: 'task', title: fitTitle(bare, line, problems), project: projectKey }
    const notes: string[] = []
    const description = cell(row, col.description)
    if (description) notes.push(description)

    const indent = Number.parseInt(cell(row, col.indent) || '1', 10) || 1
    if (indent > 1) {
      if (!topTask) {
        problems.push({ line, message: `INDENT ${indent} with no task above; imported as a task` })
      } else {
        task.parent = topTask
        if (indent > 2) problems.push({ line, message: `Nested ${indent - 1} levels deep; Daybase nests one, so it is a subtask of the task above` })
      }
    }

    task.priority = todoistPriority(cell(row, col.priority))
    const tags = formatTags(section ? [...labels, section] : labels)
    if (tags) task.tags = tags

    const zone = cell(row, col.timezone) || opts.timeZone
    const dateText = cell(row, col.date)
    const due = todoistDate(dateText, opts, validZone(zone) ?? opts.timeZone)
    if (due) Object.assign(task, due)
    else {
      problems.push({ line, message: `Date "${dateText}" not understood; kept in the description` })
      notes.push(`Todoist date: ${dateText}`)
    }
    const deadline = cell(row, col.deadline)
    if (deadline) {
      if (!task.due_date && /^\d{4}-\d{2}-\d{2}$/.test(deadline)) task.due_date = deadline
      else notes.push(`Deadline: ${deadline}`)
    }
    const responsible = cell(row, col.responsible)
    if (responsible) notes.push(`Assigned in Todoist to ${responsible}`)
    if (notes.length) task.notes = notes.join('\n\n')

    rows.push(task)
    lastTask = key
    if (!task.parent) topTask = key
  }
  return { source: 'todoist', rows, problems }
}
