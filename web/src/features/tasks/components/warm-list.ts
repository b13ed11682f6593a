import { SOURCE_COLUMNS, asTask } from '../api/task-source'
import type { TaskScope, ViewId } from '../types'
import { addDays, todayIn } from '../utils/dates'
import { type Section, type ViewContext, buildView, projectSection, subtaskProgress, viewDef } from '../utils/views'

/**
 * The list's code run once before its data comes (issue 18m): what runs
 * between the data's arrival and the first rows — the rows made into tasks
 * (asTask), the view's sections, the subtask progress, and, from TaskList,
 * the virtualiser and TaskRow — runs first here on a few sample tasks while
 * the skeleton shows, so V8 has compiled it (and gathered its type
 * feedback) before the 2,000 rows arrive, not inside their window.
 * Nothing of it is on screen: TaskList draws the sample rows in a detached
 * element (see WarmRows there).
 */
export type WarmList = { sections: Section[]; progress: ReadonlyMap<string, { done: number; total: number }> }

const SAMPLE_ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`

/** Sample rows shaped as the server's (the full source's columns, in order, parsed from JSON), made into tasks as the real ones are. */
function sampleTasks(projectId: string | null, today: string) {
  const columns = SOURCE_COLUMNS.user_accessible_tasks_with_project.split(', ')
  const samples: Record<string, unknown>[] = [
    { priority: 1, tags: 'work, review', due_date: today },
    { priority: 2, due_date: addDays(today, -1), due_time: `${addDays(today, -1)}T09:00:00Z` },
    { priority: 0, tags: 'home', recurrence: 'daily' },
    { priority: 4, due_date: addDays(today, 3) },
    { parent_id: SAMPLE_ID(1), is_completed: true },
  ]
  const rows = samples.map((fields, i) => {
    const row: Record<string, unknown> = {}
    for (const c of columns) row[c] = null
    Object.assign(row, {
      id: SAMPLE_ID(i + 1),
      user_id: SAMPLE_ID(0),
      title: `Sample ${i + 1}`,
      reminders: [],
      is_completed: false,
      is_starred: i === 2,
      is_deleted: false,
      sort_order: i,
      importance: 0,
      urgency: 0,
      project_id: projectId,
      project_name: projectId ? 'Sample' : null,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      parent_id: null,
      ...fields,
    })
    return row
  })
  return (JSON.parse(JSON.stringify(rows)) as Record<string, unknown>[]).map(asTask)
}

/** The sections and progress a scope's first render will compute, on sample tasks; null where the list takes its tasks elsewhere (a custom filter). */
export function warmList(scope: TaskScope, viewId: ViewId | null, ctx: ViewContext): WarmList | null {
  const projectId = scope.kind === 'project' ? scope.projectId : null
  if (!projectId && !viewId) return null
  const tasks = sampleTasks(projectId, todayIn(ctx.zone, ctx.now))
  const sections = projectId ? projectSection(tasks, projectId, ctx.lingering) : buildView(viewDef(viewId ?? 'all'), tasks, ctx)
  return { sections, progress: subtaskProgress(tasks) }
}
