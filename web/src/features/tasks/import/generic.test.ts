import { describe, expect, it } from 'vitest'
import { assign } from './column-mapping'
import teamCsv from './fixtures/Team tasks.csv?raw'
import {
  type GenericOptions,
  columnValues,
  detectDateOrder,
  guessField,
  guessMapping,
  hasAmbiguousDates,
  hasNumericPriorities,
  headerSignature,
  localeDateOrder,
  parseGeneric,
  readCompleted,
  readDate,
  readPriority,
  readTime,
  tableOf,
} from './generic'
import { type ImportRow, type TaskRow, countPlan, detectSource, readCsv } from './model'

const opts: GenericOptions = {
  now: new Date('2026-11-27T10:00:00Z'),
  timeZone: 'Europe/Berlin',
  dateOrder: 'dmy',
  priorityScale: 'high-first',
  defaultProject: null,
}

function task(rows: readonly ImportRow[], title: string): TaskRow {
  const t = rows.find((r): r is TaskRow => r.kind === 'task' && r.title === title)
  if (!t) throw new Error(`no task ${title}`)
  return t
}

describe('guessing the mapping from the header', () => {
  it('reads names in any case, spacing and several languages', () => {
    const cases: [string, string][] = [
      ['Title', 'title'],
      ['NAME', 'title'],
      ['task', 'title'],
      ['Subject', 'title'],
      ['Aufgabe', 'title'],
      ['Tâche', 'title'],
      ['Título', 'title'],
      ['Due', 'due_date'],
      ['due_date', 'due_date'],
      ['Due Date (UTC)', 'due_date'],
      ['Deadline', 'due_date'],
      ['Fälligkeitsdatum', 'due_date'],
      ['Échéance', 'due_date'],
      ['Notes', 'description'],
      ['Description', 'description'],
      ['Beschreibung', 'description'],
      ['Priority', 'priority'],
      ['Priorität', 'priority'],
      ['Project', 'project'],
      ['List', 'project'],
      ['List Name', 'project'],
      ['Tags', 'labels'],
      ['Labels', 'labels'],
      ['Étiquettes', 'labels'],
      ['Done', 'completed'],
      ['Status', 'completed'],
      ['Erledigt', 'completed'],
      ['Parent task', 'parent'],
      ['Section', 'section'],
      ['Due time', 'due_time'],
      ['Assignee', 'ignore'],
      ['Created', 'ignore'],
    ]
    for (const [header, field] of cases) expect([header, guessField(header)]).toEqual([header, field])
  })

  it('gives each field to the first column that suggests it', () => {
    expect(guessMapping(['Task Name', 'List', 'Category', 'Tags', 'Assignee'])).toEqual(['title', 'project', 'ignore', 'labels', 'ignore'])
  })

  it('takes the first unmapped column as the title when no name says so', () => {
    expect(guessMapping(['Due', 'Was', 'Wer'])).toEqual(['due_date', 'title', 'ignore'])
  })

  it('moves a field taken by another column when the user picks it', () => {
    expect(assign(['title', 'project', 'ignore'], 2, 'project')).toEqual(['title', 'ignore', 'project'])
    expect(assign(['title', 'ignore', 'ignore'], 1, 'ignore')).toEqual(['title', 'ignore', 'ignore'])
  })

  it('remembers a mapping by the header row, loosely', () => {
    expect(headerSignature(['Task Name', 'Due'])).toBe(headerSignature(['task name', ' DUE']))
    expect(headerSignature(['Task Name', 'Due'])).not.toBe(headerSignature(['Task Name', 'List']))
  })
})

describe('reading cells', () => {
  it('finds the day order in the data, or says it cannot', () => {
    expect(detectDateOrder(['03/04/2026', '15/01/2027'])).toBe('dmy')
    expect(detectDateOrder(['03/04/2026', '12/31/2026'])).toBe('mdy')
    expect(detectDateOrder(['03/04/2026', '2026-12-01'])).toBeNull()
    expect(detectDateOrder(['13/04/2026', '12/31/2026'])).toBeNull()
    expect(hasAmbiguousDates(['03/04/2026'])).toBe(true)
    expect(hasAmbiguousDates(['04/04/2026', '2026-04-03', '15/01/2027'])).toBe(false)
    expect(localeDateOrder('en-US')).toBe('mdy')
    expect(localeDateOrder('en-GB')).toBe('dmy')
    expect(localeDateOrder('de-DE')).toBe('dmy')
  })

  it('reads ISO, numeric and written dates with an optional time', () => {
    expect(readDate('2026-12-01', 'mdy')).toEqual({ date: '2026-12-01' })
    expect(readDate('2026/12/01 14:30', 'mdy')).toEqual({ date: '2026-12-01', time: '14:30' })
    expect(readDate('2026-12-01T09:00:00Z', 'dmy')).toEqual({ date: '2026-12-01', instant: '2026-12-01T09:00:00.000Z' })
    expect(readDate('2026-12-01T09:00:00', 'dmy')).toEqual({ date: '2026-12-01', time: '09:00' })
    expect(readDate('03/04/2026', 'dmy')).toEqual({ date: '2026-04-03' })
    expect(readDate('03/04/2026', 'mdy')).toEqual({ date: '2026-03-04' })
    expect(readDate('3.4.26', 'dmy')).toEqual({ date: '2026-04-03' })
    expect(readDate('12/31/2026 2:30 PM', 'mdy')).toEqual({ date: '2026-12-31', time: '14:30' })
    expect(readDate('1 Dec 2026', 'mdy')).toEqual({ date: '2026-12-01' })
    expect(readDate('December 1st, 2026', 'dmy')).toEqual({ date: '2026-12-01' })
    expect(readDate('31/02/2026', 'dmy')).toBeNull()
    expect(readDate('12/31/2026', 'dmy')).toBeNull()
    expect(readDate('someday', 'dmy')).toBeNull()
    expect(readDate('2026-12-01 later', 'dmy')).toBeNull()
  })

  it('reads times of day', () => {
    expect(readTime('14:30')).toBe('14:30')
    expect(readTime('2:30 pm')).toBe('14:30')
    expect(readTime('12 AM')).toBe('00:00')
    expect(readTime('12pm')).toBe('12:00')
    expect(readTime('9h05')).toBe('09:05')
    expect(readTime('09:00:00')).toBe('09:00')
    expect(readTime('9')).toBeNull()
    expect(readTime('25:00')).toBeNull()
    expect(readTime('13 pm')).toBeNull()
  })

  it('maps priorities as words, p1…p4, marks and numbers on either scale', () => {
    const words: [string, number][] = [
      ['Urgent', 4],
      ['HIGH', 3],
      ['high priority', 3],
      ['Medium', 2],
      ['normal', 2],
      ['low', 1],
      ['Hoch', 3],
      ['basse', 1],
      ['', 0],
      ['none', 0],
      ['p1', 4],
      ['P2', 3],
      ['p3', 2],
      ['p4', 0],
      ['!!!', 4],
      ['!', 2],
    ]
    for (const [text, p] of words) expect([text, readPriority(text, 'high-first')]).toEqual([text, p])
    expect([1, 2, 3, 4, 5].map((n) => readPriority(String(n), 'high-first'))).toEqual([4, 3, 2, 1, 1])
    expect([0, 1, 2, 3, 4, 5].map((n) => readPriority(String(n), 'low-first'))).toEqual([0, 1, 2, 3, 4, 4])
    expect(readPriority('soon-ish', 'high-first')).toBeNull()
    expect(hasNumericPriorities(['High', '0'])).toBe(false)
    expect(hasNumericPriorities(['High', '2'])).toBe(true)
  })

  it('reads completed flags in several languages', () => {
    expect(['Yes', 'x', 'TRUE', '1', 'Done', 'Completed', 'erledigt', 'oui', '✓'].map((t) => readCompleted(t)?.done)).toEqual(Array(9).fill(true))
    expect(['No', '', 'false', '0', 'Not started', 'In progress', 'offen'].map((t) => readCompleted(t)?.done)).toEqual(Array(7).fill(false))
    expect(readCompleted('2026-11-01')).toBeNull()
  })
})

describe('any CSV: the fixture under its guessed mapping', () => {
  const cells = readCsv(teamCsv)
  const table = tableOf(cells)
  const mapping = guessMapping(table.header)

  it('is neither Todoist nor TickTick', () => {
    expect(detectSource(cells)).toBe('csv')
    expect(table.header).toEqual(['Task Name', 'Notes', 'Due Date', 'Time', 'Priority', 'List', 'Category', 'Tags', 'Done', 'Parent task', 'Assignee'])
    expect(table.rows).toHaveLength(7)
    expect(mapping).toEqual(['title', 'description', 'due_date', 'due_time', 'priority', 'project', 'ignore', 'labels', 'completed', 'parent', 'ignore'])
    expect(detectDateOrder(columnValues(table, 2))).toBe('dmy')
  })

  const plan = parseGeneric(table, mapping, opts)

  it('creates the projects by name, the tasks, then the subtasks under their parent', () => {
    expect(plan.rows.filter((r) => r.kind === 'project')).toEqual([
      { key: 'p1', kind: 'project', name: 'Team' },
      { key: 'p2', kind: 'project', name: 'Personal' },
      { key: 'p3', kind: 'project', name: 'Home' },
    ])
    expect(countPlan(plan.rows)).toEqual({ projects: 3, tasks: 7, subtasks: 2, completed: 2, comments: 0 })
    const offsite = task(plan.rows, 'Plan the offsite')
    expect(offsite).toMatchObject({
      project: 'p1',
      notes: 'Venue, food and agenda',
      due_date: '2027-01-15',
      due_time: '2027-01-15T08:30:00.000Z',
      priority: 3,
      tags: 'planning, q1',
    })
    const invite = task(plan.rows, 'Send the invitations')
    expect(invite).toMatchObject({ parent: offsite.key, due_time: '2027-01-12T13:00:00.000Z', priority: 1, is_completed: true })
    expect(invite.project).toBeUndefined()
    const order = plan.rows.map((r) => r.key)
    expect(order.indexOf(invite.key)).toBeGreaterThan(order.indexOf(offsite.key))
    expect(task(plan.rows, 'Pay the rent')).toMatchObject({ due_date: '2026-12-01', priority: 0, is_completed: true, tags: 'money' })
    expect(task(plan.rows, 'Read "Deep Work"')).toMatchObject({ tags: 'books, reading' })
    expect(task(plan.rows, 'Read "Deep Work"').project).toBeUndefined()
    expect(task(plan.rows, 'Renew passport')).toMatchObject({ priority: 4, due_date: '2027-02-03' })
  })

  it('keeps what it cannot read, with the row it came from', () => {
    expect(plan.problems).toEqual([{ line: 8, message: 'Date "someday" not understood; kept in the description' }])
    expect(task(plan.rows, 'Water the plants')).toMatchObject({ notes: 'Due: someday', priority: 3, project: 'p3' })
  })

  it('puts a section column in the labels, and tasks without a project column in the named project', () => {
    const withSection = parseGeneric(table, assign(mapping, 6, 'section'), opts)
    expect(task(withSection.rows, 'Pay the rent').tags).toBe('money, Bills')
    expect(task(withSection.rows, 'Plan the offsite').tags).toBe('planning, q1, Events')
    const noProject = parseGeneric(table, assign(mapping, 5, 'ignore'), { ...opts, defaultProject: 'Team tasks' })
    expect(noProject.rows.filter((r) => r.kind === 'project')).toEqual([{ key: 'p1', kind: 'project', name: 'Team tasks' }])
    expect(task(noProject.rows, 'Read "Deep Work"').project).toBe('p1')
  })

  it('reads the other day order when asked, and flags what no longer fits', () => {
    const us = parseGeneric(table, mapping, { ...opts, dateOrder: 'mdy' })
    expect(task(us.rows, 'Renew passport').due_date).toBe('2027-03-02')
    expect(us.problems.map((p) => p.line)).toContain(2)
  })

  it('needs a title column, and skips rows without a title', () => {
    expect(parseGeneric(table, assign(mapping, 0, 'ignore'), opts).problems).toEqual([{ line: 1, message: 'No column is mapped to Title' }])
    const sparse = tableOf(readCsv('Title,Due\n,2026-12-01\nOne,\n\n'))
    expect(sparse.rows.map((r) => r.line)).toEqual([2, 3])
    const p = parseGeneric(sparse, ['title', 'due_date'], opts)
    expect(p.problems).toEqual([{ line: 2, message: 'No title; skipped' }])
    expect(countPlan(p.rows).tasks).toBe(1)
  })

  it('says which parent it could not find, and imports the row as a task', () => {
    const t = tableOf(readCsv('Title,Parent\nA,\nB,Missing\nC,A'))
    const p = parseGeneric(t, ['title', 'parent'], opts)
    expect(p.problems).toEqual([{ line: 3, message: 'Parent "Missing" is not a top-level task of the file; imported as a task' }])
    expect(task(p.rows, 'B').parent).toBeUndefined()
    expect(task(p.rows, 'C').parent).toBe(task(p.rows, 'A').key)
  })
})
