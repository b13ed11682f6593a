import { describe, expect, it } from 'vitest'
import type { Task } from '../types'
import { byQuadrant, levelsFor, quadrantOf } from './matrix'

describe('matrix', () => {
  it.each([
    [3, 3, 'do'],
    [2, 2, 'do'],
    [2, 1, 'schedule'],
    [3, 0, 'schedule'],
    [1, 2, 'delegate'],
    [0, 3, 'delegate'],
    [1, 1, 'eliminate'],
    [0, 0, 'eliminate'],
  ] as const)('importance %i urgency %i is %s', (importance, urgency, q) => {
    expect(quadrantOf({ importance, urgency })).toBe(q)
  })
  it('moves only the levels that must cross the threshold', () => {
    expect(levelsFor({ importance: 0, urgency: 0 }, 'do')).toEqual({ importance: 3, urgency: 3 })
    expect(levelsFor({ importance: 2, urgency: 3 }, 'schedule')).toEqual({ importance: 2, urgency: 0 })
    expect(levelsFor({ importance: 1, urgency: 2 }, 'eliminate')).toEqual({ importance: 1, urgency: 0 })
    expect(levelsFor({ importance: 3, urgency: 1 }, 'delegate')).toEqual({ importance: 0, urgency: 3 })
  })
  it('leaves out completed tasks, subtasks and others’ tasks', () => {
    const t = (o: Partial<Task>) => ({ id: 'x', user_id: 'me', importance: 3, urgency: 3, is_completed: false, is_deleted: false, parent_id: null, ...o }) as Task
    const q = byQuadrant([t({}), t({ is_completed: true }), t({ parent_id: 'p' }), t({ user_id: 'you' }), t({ importance: 0 })], 'me')
    expect([q.do.length, q.delegate.length, q.schedule.length, q.eliminate.length]).toEqual([1, 1, 0, 0])
  })
})
