import { describe, expect, it } from 'vitest'
import homeCsv from './fixtures/Home (1).csv?raw'
import ticktickCsv from './fixtures/TickTick-backup-2026-11-26.csv?raw'
import workCsv from './fixtures/Work Projects.csv?raw'
import { type ImportRow, type TaskRow, countPlan, detectSource, readCsv } from './model'
import { checklistItems, parseTickTick, reminderMinutes, rruleRecurrence, ticktickInstant, ticktickPriority } from './ticktick'
import { parseTodoist, projectNameOf, splitLabels, todoistDate, todoistPriority } from './todoist'

const opts = { now: new Date('2026-11-27T10:00:00Z'), timeZone: 'Europe/Berlin' }

function task(rows: readonly ImportRow[], title: string): TaskRow {
  const t = rows.find((r): r is TaskRow => r.kind === 'task' && r.title === title)
  if (!t) throw new Error(`no task ${title}`)
  return t
}

describe('Todoist CSV', () => {
  const cells = readCsv(workCsv)
  const plan = parseTodoist(cells, 'Work Projects.csv', opts)

  it('is recognised by its header', () => {
    expect(detectSource(cells)).toBe('todoist')
    expect(detectSource(readCsv(homeCsv))).toBe('todoist')
  })

  it('makes one project named after the file', () => {
    expect(plan.rows[0]).toEqual({ key: 'project', kind: 'project', name: 'Work Projects' })
    expect(projectNameOf('Home (1).csv')).toBe('Home')
    expect(projectNameOf('.csv')).toBe('Imported from Todoist')
  })

  it('maps the CSV priority p1..p4 onto 4 urgent .. 0 none, the API direction reversed', () => {
    expect(['1', '2', '3', '4', '', 'x'].map(todoistPriority)).toEqual([4, 3, 2, 0, 0, 0])
    expect(task(plan.rows, 'Write the quarterly report').priority).toBe(4)
    expect(task(plan.rows, 'Collect numbers').priority).toBe(3)
    expect(task(plan.rows, 'Book the venue').priority).toBe(2)
    expect(task(plan.rows, 'Weekly sync').priority).toBe(0)
  })

  it('takes @labels out of the title, not e-mail addresses', () => {
    expect(splitLabels('Write @writing the report @q4')).toEqual({ title: 'Write the report', labels: ['writing', 'q4'] })
    expect(splitLabels('Mail ann@example.com')).toEqual({ title: 'Mail ann@example.com', labels: [] })
    expect(task(plan.rows, 'Write the quarterly report').tags).toBe('writing, q4')
    expect(task(plan.rows, 'Check with ann@example.com about format').tags).toBeUndefined()
  })

  it('keeps a multi-line description and quoted quotes', () => {
    expect(task(plan.rows, 'Write the quarterly report').notes).toBe('Numbers from finance, then the summary.\nSecond paragraph.')
    const comment = plan.rows.find((r) => r.kind === 'comment')
    expect(comment).toEqual({ key: 'r4', kind: 'comment', task: 'r3', content: 'Ask Ben for the sales figures, he has the "final" sheet' })
  })

  it('nests INDENT 2 under the task above and flattens deeper levels to one, saying so', () => {
    const parent = task(plan.rows, 'Write the quarterly report')
    expect(task(plan.rows, 'Collect numbers').parent).toBe(parent.key)
    expect(task(plan.rows, 'Check with ann@example.com about format').parent).toBe(parent.key)
    expect(plan.problems).toContainEqual({ line: 6, message: 'Nested 2 levels deep; Daybase nests one, so it is a subtask of the task above' })
    expect(task(plan.rows, 'Book the venue').parent).toBeUndefined()
  })

  it('reads DATE through quick add: recurring phrases, times, ISO dates and instants', () => {
    const report = task(plan.rows, 'Write the quarterly report')
    expect(JSON.parse(report.recurrence ?? '')).toMatchObject({ type: 'weekly', interval: 1, daysOfWeek: [5] })
    expect(report.due_date).toBe('2026-11-27')
    expect(task(plan.rows, 'Collect numbers').due_date).toBe('2026-12-01')
    const venue = task(plan.rows, 'Book the venue')
    expect(venue.due_date).toBe('2026-11-28')
    expect(venue.due_time).toBe('2026-11-28T16:00:00.000Z') // 17:00 in Berlin
    const sync = task(plan.rows, 'Weekly sync')
    expect(sync.due_date).toBe('2026-11-30') // the first Monday, not today
    expect(sync.due_time).toBe('2026-11-30T08:00:00.000Z')
    expect(task(plan.rows, 'Read the handbook').due_time).toBe('2026-12-05T14:30:00.000Z')
    expect(todoistDate('', opts, 'UTC')).toEqual({})
  })

  it('keeps a date it cannot read in the description, as a problem of its row', () => {
    expect(task(plan.rows, 'Plan the offsite').notes).toBe('Todoist date: someday maybe')
    expect(plan.problems).toContainEqual({ line: 11, message: 'Date "someday maybe" not understood; kept in the description' })
  })

  it('turns sections into tags, keeps deadline and assignee in the description', () => {
    expect(task(plan.rows, 'Weekly sync').tags).toBe('team, Meetings')
    expect(task(plan.rows, 'Read the handbook').tags).toBe('Later  maybe')
    expect(task(plan.rows, 'Book the venue').notes).toBe('Deadline: 2026-12-20\n\nAssigned in Todoist to Ben (87654321)')
  })

  it('skips meta, blank, empty-note and unknown rows and tasks whose title is only labels', () => {
    expect(plan.problems).toContainEqual({ line: 12, message: 'A task without a title; skipped' })
    expect(plan.problems).toContainEqual({ line: 17, message: 'Unknown TYPE "bogus"; skipped' })
    expect(countPlan(plan.rows)).toEqual({ projects: 1, tasks: 7, subtasks: 2, completed: 0, comments: 1 })
  })

  it('reads the older variant (no DESCRIPTION, IS_COLLAPSED, CRLF) and an orphan note', () => {
    const home = parseTodoist(readCsv(homeCsv), 'Home (1).csv', opts)
    expect(home.problems).toEqual([{ line: 2, message: 'A note with no task above it; skipped' }])
    const old = task(home.rows, 'Old style task')
    expect(old.tags).toBe('home')
    expect(JSON.parse(old.recurrence ?? '')).toMatchObject({ type: 'daily', interval: 1 })
    expect(task(home.rows, 'Child of old')).toMatchObject({ parent: old.key, priority: 4 })
  })

  it('gives each row a key that a second parse repeats (what resuming relies on)', () => {
    const again = parseTodoist(readCsv(workCsv), 'Work Projects.csv', opts)
    expect(again.rows.map((r) => r.key)).toEqual(plan.rows.map((r) => r.key))
    expect(new Set(plan.rows.map((r) => r.key)).size).toBe(plan.rows.length)
  })

  it('refuses a file without its header', () => {
    expect(parseTodoist([['a', 'b']], 'x.csv', opts).problems[0]?.message).toMatch(/not a Todoist CSV/)
  })
})

describe('TickTick backup CSV', () => {
  const cells = readCsv(ticktickCsv)
  const plan = parseTickTick(cells, { ...opts, remindersPerTask: 1 })

  it('skips the BOM and the preamble with its multi-line legend', () => {
    expect(detectSource(cells)).toBe('ticktick')
    expect(plan.rows.filter((r) => r.kind === 'project')).toEqual([{ key: 'p:projects', kind: 'project', name: 'Projects' }, { key: 'p:errands', kind: 'project', name: 'Errands' }])
  })

  it('maps priorities 0/1/3/5 to none/low/medium/high', () => {
    expect(['0', '1', '3', '5', ''].map(ticktickPriority)).toEqual([0, 1, 2, 3, 0])
    expect(task(plan.rows, 'Launch plan').priority).toBe(3)
    expect(task(plan.rows, 'Write the press "release"').priority).toBe(2)
  })

  it('turns ▫/▪ checklist lines into subtasks, ▪ done, and keeps the other lines as the description', () => {
    expect(checklistItems('Intro\n▫ a\n▪b\n▫')).toEqual({ items: [{ title: 'a', done: false }, { title: 'b', done: true }], rest: 'Intro' })
    const launch = task(plan.rows, 'Launch plan')
    expect(launch.notes).toBe('Steps for the launch')
    expect(task(plan.rows, 'Pick a date')).toMatchObject({ parent: launch.key, is_completed: true })
    expect(task(plan.rows, 'Draft the announcement').is_completed).toBeUndefined()
  })

  it('reads "+0000" dates in the task zone, all-day as a day only', () => {
    expect(ticktickInstant('2026-11-20T09:00:00+0000')?.toISOString()).toBe('2026-11-20T09:00:00.000Z')
    expect(ticktickInstant('nope')).toBeNull()
    expect(task(plan.rows, 'Launch plan')).toMatchObject({ due_date: '2026-11-20', due_time: '2026-11-20T09:00:00.000Z' })
    const press = task(plan.rows, 'Write the press "release"')
    expect(press.due_date).toBe('2026-11-25') // midnight UTC is 01:00 in Berlin
    expect(press.due_time).toBeUndefined()
    expect(task(plan.rows, 'Call the dentist').due_date).toBe('2026-11-28')
  })

  it('reads ISO-8601 reminders and caps them at the plan', () => {
    expect(['-PT30M', '-PT0S', '-P1D', '-P1DT2H', 'TRIGGER:-PT15M', 'PT9H', 'junk'].map(reminderMinutes)).toEqual([30, 0, 1440, 1560, 15, null, null])
    expect(task(plan.rows, 'Launch plan').reminders).toEqual([30])
    expect(task(plan.rows, 'Write the press "release"').reminders).toEqual([0])
    expect(plan.problems).toContainEqual({ line: 6, message: '2 reminders; your plan keeps 1, the first' })
    expect(plan.problems).toContainEqual({ line: 9, message: 'Reminder "PT9H" is not before the due time; dropped' })
  })

  it('reads RRULE repeats with or without the prefix', () => {
    expect(JSON.parse(task(plan.rows, 'Launch plan').recurrence ?? '')).toEqual({ type: 'weekly', interval: 1, daysOfWeek: [1, 3] })
    expect(JSON.parse(task(plan.rows, 'Write the press "release"').recurrence ?? '')).toEqual({ type: 'daily', interval: 2 })
    expect(JSON.parse(rruleRecurrence('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270101T000000Z').recurrence ?? '')).toEqual({
      type: 'monthly',
      interval: 1,
      daysOfWeek: [5],
      weekOfMonth: -1,
      endDate: '2027-01-01',
    })
    expect(plan.problems).toContainEqual({ line: 9, message: 'Repeat every 45 kept as every 30 (the most is 30)' })
    expect(plan.problems).toContainEqual({ line: 10, message: 'Repeat "FREQ=HOURLY" not supported; dropped' })
  })

  it('imports completed and archived as completed with their time', () => {
    expect(task(plan.rows, 'Proofread')).toMatchObject({ is_completed: true, completed_at: '2026-11-04T10:15:00.000Z' })
    expect(task(plan.rows, 'Check the quotes').is_completed).toBe(true)
  })

  it('hangs subtasks under their top task, after it, and says when it flattened', () => {
    const press = task(plan.rows, 'Write the press "release"')
    const keys = plan.rows.map((r) => r.key)
    expect(task(plan.rows, 'Proofread')).toMatchObject({ parent: press.key })
    expect(task(plan.rows, 'Check the quotes')).toMatchObject({ parent: press.key })
    expect(keys.indexOf('t104')).toBeGreaterThan(keys.indexOf('t102'))
    expect(plan.problems).toContainEqual({ line: 8, message: 'Nested 2 levels deep; Daybase nests one, so it is a subtask of the top task' })
    expect(plan.problems).toContainEqual({ line: 12, message: 'Its parent task is not in the file; imported as a task' })
  })

  it('keeps the Inbox as no project, tags split on ", ", multi-line content whole', () => {
    const dentist = task(plan.rows, 'Call the dentist')
    expect(dentist.project).toBeUndefined()
    expect(task(plan.rows, 'Launch plan').tags).toBe('work, launch')
    expect(task(plan.rows, 'Write the press "release"').notes).toBe('Line one\nLine two, with a comma')
  })

  it('reports untitled rows and unreadable dates', () => {
    expect(plan.problems).toContainEqual({ line: 11, message: 'A task without a title; skipped' })
    expect(plan.problems).toContainEqual({ line: 12, message: 'Due date "not a date" not understood; dropped' })
    expect(task(plan.rows, 'Buy stamps').priority).toBe(0)
  })
})
