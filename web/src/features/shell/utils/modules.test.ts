import { describe, expect, it } from 'vitest'
import { MODULE_SIDEBAR_AREAS, areaOf } from './modules'

describe('areaOf', () => {
  it.each([
    ['/app', 'dashboard'],
    ['/app/tasks/project/1', 'tasks'],
    ['/app/settings/security', 'settings'],
    ['/app/shared/note/abc', 'notes'],
    ['/app/unknown', null],
    ['/features', null],
  ])('%s is %s', (path, area) => {
    expect(areaOf(path)).toBe(area)
  })

  it('gives matrix and pomodoro no module sidebar', () => {
    expect(MODULE_SIDEBAR_AREAS.has('matrix')).toBe(false)
    expect(MODULE_SIDEBAR_AREAS.has('pomodoro')).toBe(false)
    expect(MODULE_SIDEBAR_AREAS.has('tasks')).toBe(true)
  })
})
