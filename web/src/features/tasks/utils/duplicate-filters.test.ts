import { describe, expect, it } from 'vitest'
import { batches, duplicateFilterIds } from './duplicate-filters'

describe('duplicateFilterIds', () => {
  it('keeps the oldest of each name, case-insensitively and trimmed', () => {
    const rows = [
      { id: 'c', name: 'work', created_at: '2026-01-03T00:00:00Z' },
      { id: 'a', name: 'Work', created_at: '2026-01-01T00:00:00Z' },
      { id: 'b', name: ' WORK ', created_at: '2026-01-02T00:00:00Z' },
      { id: 'd', name: 'Home', created_at: '2026-01-04T00:00:00Z' },
    ]
    expect(duplicateFilterIds(rows).sort()).toEqual(['b', 'c'])
  })
  it('breaks a tie of created_at by id', () => {
    const at = '2026-01-01T00:00:00Z'
    expect(duplicateFilterIds([{ id: 'z', name: 'A', created_at: at }, { id: 'm', name: 'a', created_at: at }])).toEqual(['z'])
  })
  it('finds nothing when the names differ', () => {
    expect(duplicateFilterIds([{ id: '1', name: 'A', created_at: '' }, { id: '2', name: 'B', created_at: '' }])).toEqual([])
  })
})

describe('batches', () => {
  it('cuts 120 ids into 50, 50 and 20', () => {
    const ids = Array.from({ length: 120 }, (_, i) => String(i))
    expect(batches(ids).map((b) => b.length)).toEqual([50, 50, 20])
  })
})
