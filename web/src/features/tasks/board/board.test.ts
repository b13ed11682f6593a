import { describe, expect, it } from 'vitest'
import { taskRow } from '../testing/task-row'
import type { Task } from '../types'
import { NO_COLUMN, dropPlan, dueLanes, laneFields, orderValues, priorityLanes, projectLanes, readBoardColumns, wipCount } from './board'

const t = (o: Partial<Task>) => taskRow({ user_id: 'me', title: 'T', created_at: '2026-01-01T00:00:00Z', project_id: 'p', ...o })

const columns = [
  { id: 'todo', name: 'To do', wip_limit: null },
  { id: 'doing', name: 'Doing', wip_limit: 1 },
]
const ids = (cards: readonly Task[]) => cards.map((c) => c.id)
const weekday = (d: string) => d

describe('board', () => {
  it('reads columns whatever the server sends', () => {
    expect(readBoardColumns(null)).toEqual([])
    expect(readBoardColumns([{ id: 'a', name: 'A', wip_limit: 2 }, { id: 'a', name: 'dup' }, { name: 'no id' }, 'x', { id: 'b', name: 'B' }])).toEqual([
      { id: 'a', name: 'A', wip_limit: 2 },
      { id: 'b', name: 'B', wip_limit: null },
    ])
  })

  it('puts cards in their columns by sort order, the rest in No column', () => {
    const lanes = projectLanes(
      [t({ id: 'b', board_column: 'doing', sort_order: 2 }), t({ id: 'a', board_column: 'doing', sort_order: 1 }), t({ id: 'c', board_column: 'gone' })],
      columns,
    )
    expect(lanes.map((l) => [l.id, ids(l.cards)])).toEqual([
      [NO_COLUMN, ['c']],
      ['todo', []],
      ['doing', ['a', 'b']],
    ])
    // No column disappears once empty, unless there are no columns at all.
    expect(projectLanes([t({ id: 'a', board_column: 'todo' })], columns).map((l) => l.id)).toEqual(['todo', 'doing'])
    expect(projectLanes([], []).map((l) => l.title)).toEqual(['No column'])
  })

  it('counts work in progress against the limit', () => {
    expect(wipCount({ cards: [t({}), t({})], wipLimit: 1 })).toEqual({ text: '2 / 1', over: true, label: '2 of 1 cards, over the limit' })
    expect(wipCount({ cards: [t({})], wipLimit: null })).toEqual({ text: '1', over: false, label: '1 card' })
  })

  it('groups by priority and by due day in the zone', () => {
    expect(priorityLanes([t({ id: 'u', priority: 4 }), t({ id: 'n' })]).map((l) => [l.title, ids(l.cards)])).toEqual([
      ['P1', ['u']],
      ['P2', []],
      ['P3', []],
      ['P4', []],
      ['No priority', ['n']],
    ])
    const lanes = dueLanes(
      [
        t({ id: 'late', due_date: '2026-11-20' }),
        t({ id: 'today', due_date: '2026-11-27' }),
        // 23:30 UTC on the 27th is the 28th in Tokyo.
        t({ id: 'timed', due_time: '2026-11-27T23:30:00Z' }),
        t({ id: 'far', due_date: '2027-01-01' }),
        t({ id: 'none' }),
      ],
      '2026-11-27',
      'Asia/Tokyo',
      weekday,
    )
    const by = Object.fromEntries(lanes.map((l) => [l.title, ids(l.cards)]))
    expect(by).toMatchObject({ Overdue: ['late'], Today: ['today'], Tomorrow: ['timed'], Later: ['far'], 'No date': ['none'] })
    expect(lanes.map((l) => l.title).slice(3, 8)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'])
    expect(lanes[0]?.droppable).toBe(false)
  })

  it('says what a drop writes on the card', () => {
    const today = '2026-11-27'
    expect(laneFields(t({ board_column: 'todo' }), 'doing', today, 'UTC')).toEqual({ board_column: 'doing' })
    expect(laneFields(t({ board_column: 'todo' }), NO_COLUMN, today, 'UTC')).toEqual({ board_column: null })
    expect(laneFields(t({ priority: 1 }), 'p:4', today, 'UTC')).toEqual({ priority: 4 })
    expect(laneFields(t({ due_date: '2026-11-20', due_time: '2026-11-20T09:30:00Z' }), 'due:2026-11-28', today, 'UTC')).toEqual({
      due_date: '2026-11-28',
      due_time: '2026-11-28T09:30:00.000Z',
    })
    expect(laneFields(t({ due_date: '2026-11-20', due_time: '2026-11-20T09:30:00Z' }), 'due:none', today, 'UTC')).toEqual({
      due_date: null,
      due_time: null,
      reminders: [],
    })
    expect(laneFields(t({}), 'due:later', today, 'UTC')).toEqual({ due_date: '2026-12-04', due_time: null })
    expect(laneFields(t({ due_date: '2027-01-01' }), 'due:later', today, 'UTC')).toEqual({})
  })

  it('plans a drop: the fields and the lane order, or nothing', () => {
    const lanes = projectLanes(
      [t({ id: 'a', board_column: 'todo', sort_order: 1 }), t({ id: 'b', board_column: 'todo', sort_order: 2 }), t({ id: 'c', board_column: 'doing', sort_order: 3 })],
      columns,
    )
    expect(dropPlan(lanes, 'c', 'todo', 1, '2026-11-27', 'UTC')).toEqual({ fields: { board_column: 'todo' }, order: ['a', 'c', 'b'] })
    expect(dropPlan(lanes, 'a', 'todo', 1, '2026-11-27', 'UTC')).toEqual({ fields: {}, order: ['b', 'a'] })
    expect(dropPlan(lanes, 'a', 'todo', 0, '2026-11-27', 'UTC')).toBeNull()
    expect(dropPlan(lanes, 'a', 'nowhere', 0, '2026-11-27', 'UTC')).toBeNull()
  })

  it('trades sort order values as the server does', () => {
    const cards = [t({ id: 'a', sort_order: 5 }), t({ id: 'b', sort_order: 5 }), t({ id: 'c', sort_order: 9 })]
    expect([...orderValues(cards, ['c', 'b', 'a'])]).toEqual([
      ['c', 5],
      ['b', 6],
      ['a', 9],
    ])
  })
})
