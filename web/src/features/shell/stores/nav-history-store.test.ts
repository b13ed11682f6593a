import { beforeEach, describe, expect, it } from 'vitest'
import { HISTORY_LIMIT, useNavHistoryStore } from './nav-history-store'

const store = () => useNavHistoryStore.getState()

beforeEach(() => useNavHistoryStore.setState({ entries: [], index: -1 }))

describe('navigation history', () => {
  it('keeps the last 10 distinct paths', () => {
    for (let i = 0; i < 12; i++) store().visit(`/app/p${i}`)
    store().visit('/app/p5')
    expect(store().entries).toHaveLength(HISTORY_LIMIT)
    expect(store().entries.at(-1)).toBe('/app/p5')
    expect(store().entries.filter((p) => p === '/app/p5')).toHaveLength(1)
  })

  it('goes back and forward without recording the moves', () => {
    store().visit('/app')
    store().visit('/app/tasks')
    store().visit('/app/notes')
    expect(store().back()).toBe('/app/tasks')
    store().visit('/app/tasks')
    expect(store().entries).toEqual(['/app', '/app/tasks', '/app/notes'])
    expect(store().forward()).toBe('/app/notes')
    expect(store().forward()).toBeNull()
  })

  it('drops the forward entries on a new visit', () => {
    store().visit('/a')
    store().visit('/b')
    store().back()
    store().visit('/c')
    expect(store().entries).toEqual(['/a', '/c'])
  })
})
