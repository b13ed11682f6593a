import { describe, expect, it } from 'vitest'
import { CATEGORIES, TEMPLATES, validateFilter } from './templates'

const ok = { logic: 'AND' as const, conditions: [{ field: 'completed' as const, operator: 'equals' as const, value: false }] }

describe('templates', () => {
  it('has the ten of 001 §3 in four categories, each valid', () => {
    expect(TEMPLATES.map((t) => t.name)).toHaveLength(10)
    expect(new Set(TEMPLATES.map((t) => t.category))).toEqual(new Set(CATEGORIES))
    for (const t of TEMPLATES) expect(validateFilter(t.name, t.description, t.data)).toBeNull()
  })
})

describe('validateFilter', () => {
  it.each([
    ['', '', ok, 'Filter name is required'],
    ['x'.repeat(101), '', ok, 'Filter name must be less than 100 characters'],
    ['Bad <name>', '', ok, 'Filter name contains invalid characters'],
    ['Fine', 'd'.repeat(501), ok, 'Description must be less than 500 characters'],
    ['Fine', '', { logic: 'XOR', conditions: ok.conditions }, 'Invalid logic operator'],
    ['Fine', '', { logic: 'AND', conditions: [] }, 'At least one condition is required'],
    ['Fine', '', { logic: 'AND', conditions: Array(11).fill(ok.conditions[0]) }, 'Maximum 10 conditions allowed'],
    ['Fine', '', { logic: 'AND', conditions: [{ field: '', operator: 'equals', value: 1 }] }, 'All conditions must have field and operator'],
    ['Fine', '', { logic: 'AND', conditions: [{ field: 'title', operator: 'contains', value: ' ' }] }, 'Condition value is required'],
  ])('%s / %s', (name, description, data, message) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expect(validateFilter(name, description, data as any)?.message).toBe(message)
  })
  it('needs no value for valueless operators', () => {
    expect(validateFilter('Today (work), v1.2_x', '', { logic: 'OR', conditions: [{ field: 'due_date', operator: 'is_today' }] })).toBeNull()
  })
})
