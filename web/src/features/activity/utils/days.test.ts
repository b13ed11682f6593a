import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '../api/activity'
import { asPredicate, groupByDay } from './days'

const entry = (id: string, created_at: string): ActivityEntry => ({
  id,
  user_id: 'u',
  task_id: null,
  project_id: null,
  activity_type: 'task_created',
  activity_description: 'Created task "x"',
  entity_name: 'x',
  created_at,
  actor_name: 'Ada',
  actor_avatar_url: null,
  project_name: null,
  member_avatars: [],
})

describe('groupByDay', () => {
  it('keeps the order and starts a group at each new local day', () => {
    const at = (d: number, h: number) => new Date(2026, 10, d, h).toISOString()
    const groups = groupByDay([entry('a', at(26, 15)), entry('b', at(26, 1)), entry('c', at(25, 23)), entry('d', at(20, 9))])
    expect(groups.map((g) => [g.key, g.entries.map((e) => e.id)])).toEqual([
      ['2026-11-26', ['a', 'b']],
      ['2026-11-25', ['c']],
      ['2026-11-20', ['d']],
    ])
  })
  it('is empty for no entries', () => expect(groupByDay([])).toEqual([]))
})

describe('asPredicate', () => {
  it('lowers the first word of a sentence, not a name or a quote', () => {
    expect(asPredicate('Created task "Plan"')).toBe('created task "Plan"')
    expect(asPredicate('"Plan" moved')).toBe('"Plan" moved')
    expect(asPredicate('PDF attached')).toBe('PDF attached')
  })
})
