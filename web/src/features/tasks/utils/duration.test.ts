import { describe, expect, it } from 'vitest'
import { DURATION_PRESETS, durationLabel, parseDuration } from './duration'

describe('durationLabel', () => {
  it('reads minutes and hours as the pane shows them', () => {
    expect(DURATION_PRESETS.map(durationLabel)).toEqual(['15 min', '30 min', '45 min', '1 h', '1 h 30 min', '2 h'])
    expect(durationLabel(1440)).toBe('24 h')
    expect(durationLabel(5)).toBe('5 min')
  })
})

describe('parseDuration', () => {
  it.each([
    ['50', 50],
    ['50m', 50],
    ['50 min', 50],
    ['1.5h', 90],
    ['1,5 h', 90],
    ['1h 30m', 90],
    ['1 h 30 min', 90],
    ['2 hours', 120],
    ['2:15', 135],
    ['24h', 1440],
    ['5', 5],
  ])('%s is %i minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes)
  })
  it.each(['', 'soon', '4', '0', '25h', '1441', '-30', '1:75', 'h', 'm'])('%s is not a duration the server holds', (text) => {
    expect(parseDuration(text)).toBeNull()
  })
})
