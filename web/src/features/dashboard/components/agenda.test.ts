import { describe, expect, it } from 'vitest'
import { daysBetween, splitAgenda } from './agenda'

describe("the dashboard's agenda", () => {
  it('splits tasks into overdue, today and the following days in order', () => {
    const t = (id: string, due_date: string | null) => ({ id, due_date })
    const { overdue, dueToday, upcoming } = splitAgenda(
      [t('a', '2026-11-20'), t('b', '2026-11-26'), t('c', '2026-11-28'), t('d', '2026-11-27'), t('e', '2026-11-28'), t('f', null)],
      '2026-11-26',
    )
    expect(overdue.map((x) => x.id)).toEqual(['a'])
    expect(dueToday.map((x) => x.id)).toEqual(['b'])
    expect(upcoming.map(([day, ts]) => `${day}:${ts.map((x) => x.id).join('')}`)).toEqual(['2026-11-27:d', '2026-11-28:ce'])
  })

  it('counts calendar days across months and clock changes', () => {
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2)
    expect(daysBetween('2026-11-30', '2026-12-01')).toBe(1)
    expect(daysBetween('2026-11-26', '2026-11-20')).toBe(-6)
  })
})
