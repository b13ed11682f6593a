import { beforeEach, describe, expect, it, vi } from 'vitest'
import { savePreference } from './preferences'

type Pending = { row: { preference_key: string; preference_value: string }; answer: (error?: { message: string }) => void }
const pending: Pending[] = []

vi.mock('./supabase', () => ({
  supabase: {
    from: () => ({
      upsert: (row: Pending['row']) =>
        new Promise((resolve) => {
          pending.push({ row, answer: (error) => resolve({ data: null, error: error ?? null }) })
        }),
    }),
  },
}))

const flush = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => {
  pending.length = 0
  localStorage.clear()
})

describe('savePreference', () => {
  it('sends saves of one key one after another, so the last one is the one kept', async () => {
    const first = savePreference('u1', 'editingTaskId', 'task-1')
    const second = savePreference('u1', 'editingTaskId', null)
    await flush()
    // The second waits for the first's answer: never two of one key in flight.
    expect(pending.map((p) => p.row.preference_value)).toEqual(['"task-1"'])
    pending[0]?.answer()
    await first
    await flush()
    expect(pending.map((p) => p.row.preference_value)).toEqual(['"task-1"', 'null'])
    pending[1]?.answer()
    await second
  })

  it('does not hold one key behind another, and a failed save does not stop the next', async () => {
    const width = savePreference('u1', 'taskEditPaneWidth', 368)
    void savePreference('u1', 'editingTaskId', 'task-1').catch(() => undefined)
    await flush()
    expect(pending).toHaveLength(2)
    pending[1]?.answer({ message: 'offline' })
    const next = savePreference('u1', 'editingTaskId', null)
    await flush()
    expect(pending.map((p) => p.row.preference_value)).toEqual(['368', '"task-1"', 'null'])
    pending[0]?.answer()
    pending[2]?.answer()
    await Promise.all([width, next])
    expect(localStorage.getItem('daybase.pref.u1.editingTaskId')).toBe('null')
  })
})
