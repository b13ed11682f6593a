import { describe, expect, it } from 'vitest'
import { parseAppearance, serializeAppearance } from './appearance'
import { addDays, groupByMonth } from './dates'
import { moodOf } from './mood'

describe('journal appearance', () => {
  it('reads the JSON colour of 002 §3 and falls back to book and blue', () => {
    expect(parseAppearance('{"icon":"briefcase","color":"teal"}')).toEqual({ icon: 'briefcase', color: 'teal' })
    expect(parseAppearance('{"icon":"book","color":"bg-purple-500"}')).toEqual({ icon: 'book', color: 'purple' })
    expect(parseAppearance('not json')).toEqual({ icon: 'book', color: 'blue' })
    expect(serializeAppearance({ icon: 'star', color: 'red' })).toBe('{"icon":"star","color":"red"}')
  })
})

describe('journal dates', () => {
  it('groups entries by month, newest first', () => {
    const groups = groupByMonth([{ date: '2026-11-02' }, { date: '2026-10-31' }, { date: '2026-11-20' }])
    expect(groups.map((g) => [g.month, g.items.length])).toEqual([
      ['2026-11', 2],
      ['2026-10', 1],
    ])
  })
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})

describe('moods', () => {
  it('rounds an average to the nearest face', () => {
    expect(moodOf(3.6)?.label).toBe('Good')
    expect(moodOf(null)).toBeNull()
    expect(moodOf(1)?.label).toBe('Awful')
  })
})
