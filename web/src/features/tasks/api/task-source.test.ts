import { afterEach, describe, expect, it } from 'vitest'
import { RequestError } from '@/lib/errors'
import { type TaskRowLike, type TaskSource, asTask, isMissingSource, readTasks, resetTaskSource, toTask } from './task-source'

afterEach(resetTaskSource)

describe('the task source chain (001 §7)', () => {
  it('falls back from the views to the table when a source is missing, and remembers it', async () => {
    const tried: TaskSource[] = []
    const read = async (source: TaskSource) => {
      tried.push(source)
      if (source === 'user_accessible_tasks_with_project') throw new RequestError('relation does not exist', '42P01', 404)
      if (source === 'tasks_with_project') throw new RequestError('permission denied', '42501', 403)
      return [source]
    }
    expect(await readTasks(read)).toEqual(['tasks'])
    expect(tried).toEqual(['user_accessible_tasks_with_project', 'tasks_with_project', 'tasks'])
    tried.length = 0
    expect(await readTasks(read)).toEqual(['tasks'])
    expect(tried).toEqual(['tasks'])
  })

  it('throws other failures instead of falling back', async () => {
    const read = async () => {
      throw new RequestError('Failed to fetch')
    }
    await expect(readTasks(read)).rejects.toThrow('Failed to fetch')
    expect(isMissingSource(new RequestError('Failed to fetch'))).toBe(false)
    expect(isMissingSource(new RequestError('Could not find the table', 'PGRST205', 404))).toBe(true)
  })

  it('fills what a source lacks', () => {
    const t = toTask({ id: 't', title: 'x', list: 'Garden', reminders: null })
    expect(t.reminders).toEqual([])
    expect(t.project_name).toBe('Garden')
    expect(t.is_owner).toBeNull()
    expect(t.priority).toBe(0)
  })

  it('makes a row of the full source its task in place, as toTask would copy it', () => {
    // Every column of the full source, some of them null.
    const full = toTask({ id: 't', title: 'x', list: 'Garden' }) as TaskRowLike
    const row: TaskRowLike = { ...full, title: null, reminders: null, priority: null, is_completed: null, project_name: null, is_owner: true, user_role: 'owner' }
    const expected = toTask(row)
    const task = asTask(row)
    expect(task).toBe(row)
    expect(task).toEqual(expected)
    expect(task.reminders).toEqual([])
    expect(task.project_name).toBe('Garden')
  })
})
