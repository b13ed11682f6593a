import { describe, expect, it } from 'vitest'
import { warmList } from './warm-list'

const ctx = { zone: 'Europe/Berlin', now: new Date('2026-03-29T10:00:00Z'), userId: 'u', hiddenProjects: new Set<string>() }

describe('warmList: the sample a task list runs before its data', () => {
  it('gives a project its section of sample top-level tasks, with the subtask progress', () => {
    const warm = warmList({ kind: 'project', projectId: 'p1' }, null, ctx)
    const tasks = warm?.sections.flatMap((s) => s.tasks) ?? []
    expect(tasks.length).toBe(4)
    expect(tasks.every((t) => t.project_id === 'p1' && t.parent_id === null)).toBe(true)
    expect(tasks.map((t) => t.sort_order)).toEqual([0, 1, 2, 3])
    // The sample rows became tasks as the server's do: never-null columns filled.
    expect(tasks[0]?.reminders).toEqual([])
    expect(warm?.progress.get(tasks[0]?.id ?? '')).toEqual({ done: 1, total: 1 })
  })

  it("runs a built-in view's sections on the samples (Today: the one due today, the overdue one)", () => {
    const warm = warmList({ kind: 'view', view: 'today' }, 'today', ctx)
    expect(warm?.sections.flatMap((s) => s.tasks.map((t) => t.title)).sort()).toEqual(['Sample 1', 'Sample 2'])
  })

  it('gives nothing for a custom smart filter (its tasks come from the filter engine)', () => {
    expect(warmList({ kind: 'filter', filterId: 'f' }, null, ctx)).toBeNull()
  })
})
