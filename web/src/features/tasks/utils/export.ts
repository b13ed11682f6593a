import type { Task } from '../types'
import { parseRecurrence, describeRecurrence } from './recurrence'
import { parseTags } from './tags'
import { priorityOption } from './priority'
import { reminderLabel } from './reminders'

/**
 * A task with its subtasks as a file the user keeps or sends (the edit
 * pane's Export, a placeholder in 001 §2): Markdown to read, iCalendar
 * (a VTODO) for calendar and to-do apps.
 */

export function taskToMarkdown(task: Task, subtasks: readonly Task[]): string {
  const lines = [`# ${task.is_completed ? '~~' + task.title + '~~' : task.title}`, '']
  const facts: [string, string | null][] = [
    ['Project', task.project_name ?? (task.project_id ? null : 'Inbox')],
    ['Due', task.due_time ? new Date(task.due_time).toISOString() : task.due_date],
    ['Priority', task.priority ? priorityOption(task.priority).short : null],
    ['Tags', parseTags(task.tags).join(', ') || null],
    ['Repeats', task.recurrence ? describeRecurrence(parseRecurrence(task.recurrence)) : null],
    ['Reminders', task.reminders.length ? task.reminders.map(reminderLabel).join(', ') : null],
    ['Location', task.location],
    ['Starred', task.is_starred ? 'Yes' : null],
    ['Completed', task.completed_at],
  ]
  for (const [k, v] of facts) if (v) lines.push(`- **${k}:** ${v}`)
  if (task.notes?.trim()) lines.push('', task.notes.trim())
  if (subtasks.length) {
    lines.push('', '## Subtasks', '')
    for (const s of subtasks) lines.push(`- [${s.is_completed ? 'x' : ' '}] ${s.title}`)
  }
  return lines.join('\n') + '\n'
}

/** RFC 5545 text escaping. */
function icsText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

const icsStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')

/** Folds lines longer than 75 octets (RFC 5545 §3.1). */
function fold(line: string): string {
  const out: string[] = []
  let rest = line
  while (new TextEncoder().encode(rest).length > 75) {
    let cut = 75
    while (new TextEncoder().encode(rest.slice(0, cut)).length > 75) cut--
    out.push(rest.slice(0, cut))
    rest = ' ' + rest.slice(cut)
  }
  out.push(rest)
  return out.join('\r\n')
}

const RRULE_FREQ: Record<string, string> = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY', yearly: 'YEARLY', custom: 'DAILY' }

export function taskToIcs(task: Task, subtasks: readonly Task[], now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Daybase//Tasks//EN',
    'BEGIN:VTODO',
    `UID:${task.id}@daybase`,
    `DTSTAMP:${icsStamp(now.toISOString())}`,
    `SUMMARY:${icsText(task.title)}`,
  ]
  const notes = [task.notes?.trim() ?? '', ...subtasks.map((s) => `[${s.is_completed ? 'x' : ' '}] ${s.title}`)].filter(Boolean)
  if (notes.length) lines.push(`DESCRIPTION:${icsText(notes.join('\n'))}`)
  if (task.due_time) lines.push(`DUE:${icsStamp(new Date(task.due_time).toISOString())}`)
  else if (task.due_date) lines.push(`DUE;VALUE=DATE:${task.due_date.replace(/-/g, '')}`)
  // iCalendar priority: 1 highest … 9 lowest; stored 4 urgent … 1 low.
  if (task.priority) lines.push(`PRIORITY:${[0, 9, 5, 3, 1][task.priority] ?? 0}`)
  const tags = parseTags(task.tags)
  if (tags.length) lines.push(`CATEGORIES:${tags.map(icsText).join(',')}`)
  if (task.location) lines.push(`LOCATION:${icsText(task.location)}`)
  const r = parseRecurrence(task.recurrence)
  if (r) lines.push(`RRULE:FREQ=${RRULE_FREQ[r.type] ?? 'DAILY'};INTERVAL=${r.interval}`)
  for (const m of task.reminders) {
    lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${icsText(task.title)}`, `TRIGGER:-PT${m}M`, 'END:VALARM')
  }
  lines.push(`STATUS:${task.is_completed ? 'COMPLETED' : 'NEEDS-ACTION'}`)
  if (task.completed_at) lines.push(`COMPLETED:${icsStamp(new Date(task.completed_at).toISOString())}`)
  lines.push('END:VTODO', 'END:VCALENDAR')
  return lines.map(fold).join('\r\n') + '\r\n'
}

/** A file name from the title: letters, digits and dashes. */
export function exportFileName(title: string, ext: 'md' | 'ics'): string {
  const base = title.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60)
  return `${base || 'task'}.${ext}`
}
