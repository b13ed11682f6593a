import Papa from 'papaparse'

/**
 * What an importer makes of a file (issue 26): rows for the import_chunk
 * RPC (migration 0750), in an order where every reference points back,
 * plus the problems found per file row. Each row's key is unique in the
 * file and stable across parses of the same file, so a resumed import
 * skips what it already created.
 */

export type ProjectRow = { key: string; kind: 'project'; name: string }

export type TaskRow = {
  key: string
  kind: 'task'
  title: string
  project?: string
  parent?: string
  notes?: string
  due_date?: string
  due_time?: string
  priority?: number
  tags?: string
  reminders?: number[]
  recurrence?: string
  is_completed?: boolean
  completed_at?: string
}

export type CommentRow = { key: string; kind: 'comment'; task: string; content: string }

export type ImportRow = ProjectRow | TaskRow | CommentRow

/** A row of the file (1-based, as a spreadsheet numbers it) and what went wrong there. */
export type Problem = { line: number; message: string }

export type ImportSource = 'todoist' | 'ticktick' | 'csv'

export type ImportPlan = { source: ImportSource; rows: ImportRow[]; problems: Problem[] }

export type ImportOptions = { now: Date; timeZone: string; remindersPerTask?: number }

export type PlanCounts = { projects: number; tasks: number; subtasks: number; completed: number; comments: number }

export function countPlan(rows: readonly ImportRow[]): PlanCounts {
  const c: PlanCounts = { projects: 0, tasks: 0, subtasks: 0, completed: 0, comments: 0 }
  for (const r of rows) {
    if (r.kind === 'project') c.projects++
    else if (r.kind === 'comment') c.comments++
    else {
      c.tasks++
      if (r.parent) c.subtasks++
      if (r.is_completed) c.completed++
    }
  }
  return c
}

/** A tasks.title is at most 500 characters (0105). */
export const MAX_TITLE = 500

/** The cells of a CSV text: BOM dropped, quoted fields over several lines kept whole. */
export function readCsv(text: string): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false })
  return result.data
}

/** Header names compared loosely: case, spaces, dashes and underscores ignored. */
export function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '')
}

/** The column index of the first of names present in header, or -1. */
export function columnOf(header: readonly string[], ...names: string[]): number {
  const keys = header.map(headerKey)
  for (const n of names) {
    const i = keys.indexOf(headerKey(n))
    if (i >= 0) return i
  }
  return -1
}

export function cell(row: readonly string[], i: number): string {
  return i >= 0 ? (row[i] ?? '').trim() : ''
}

/** A title that fits, with a problem when it had to be cut. */
export function fitTitle(title: string, line: number, problems: Problem[]): string {
  if (title.length <= MAX_TITLE) return title
  problems.push({ line, message: `Title cut to ${MAX_TITLE} characters` })
  return title.slice(0, MAX_TITLE)
}

/** Reminders past the plan's cap are dropped, with a problem that says so. */
export function capReminders(reminders: number[], cap: number | undefined, line: number, problems: Problem[]): number[] {
  if (cap === undefined || reminders.length <= cap) return reminders
  problems.push({ line, message: `${reminders.length} reminders; your plan keeps ${cap}, the first` })
  return reminders.slice(0, cap)
}

/** Which importer a file's first rows look like. */
export function detectSource(cells: readonly string[][]): ImportSource {
  for (const row of cells.slice(0, 40)) {
    const keys = row.map(headerKey)
    if (keys.includes('foldername') && keys.includes('listname')) return 'ticktick'
    if (keys[0] === 'type' && keys.includes('content') && keys.includes('indent')) return 'todoist'
  }
  return 'csv'
}

/** zone when the browser knows it as an IANA time zone, else null. */
export function validZone(zone: string): string | null {
  if (!zone) return null
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone
  } catch {
    return null
  }
}

export type ImportCaps = { planName: string; projects: number; tasksTotal: number; tasksPerProject: number }

const count = new Intl.NumberFormat('en')

/**
 * The plan cap (000 §9) the import would pass, as the server would word it,
 * or null. The server checks again on every row; this says it before a
 * single row is sent. Projects that already exist by name are counted as
 * new here (the server reuses them), so the check errs on the safe side.
 */
export function capProblem(rows: readonly ImportRow[], usage: { tasks: number; projects: number }, caps: ImportCaps): string | null {
  const c = countPlan(rows)
  const plan = caps.planName
  if (usage.tasks + c.tasks > caps.tasksTotal) {
    return `Task limit reached for ${plan} plan: this file adds ${count.format(c.tasks)} tasks to your ${count.format(usage.tasks)}; the ${plan} plan allows ${count.format(caps.tasksTotal)}.`
  }
  if (usage.projects + c.projects > caps.projects) {
    return `Project limit reached for ${plan} plan: this file adds ${count.format(c.projects)} projects to your ${count.format(usage.projects)}; the ${plan} plan allows ${count.format(caps.projects)}.`
  }
  const projectOf = new Map<string, string | undefined>()
  const perProject = new Map<string, number>()
  for (const r of rows) {
    if (r.kind !== 'task') continue
    const project = r.parent ? projectOf.get(r.parent) : r.project
    projectOf.set(r.key, project)
    if (project) perProject.set(project, (perProject.get(project) ?? 0) + 1)
  }
  for (const [key, n] of perProject) {
    if (n > caps.tasksPerProject) {
      const name = rows.find((r) => r.key === key && r.kind === 'project')
      return `Project task limit reached for ${plan} plan: "${name?.kind === 'project' ? name.name : key}" would hold ${count.format(n)} tasks; the ${plan} plan allows ${count.format(caps.tasksPerProject)}.`
    }
  }
  return null
}
