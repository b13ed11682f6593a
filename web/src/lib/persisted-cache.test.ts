import { QueryClient, dehydrate } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { cacheSerializer } from './persisted-cache'

function client() {
  const queryClient = new QueryClient()
  queryClient.setQueryData(['tasks', 'u1'], [{ id: 't1', title: 'Write "the" report', due_date: null }])
  queryClient.setQueryData(['count'], 3)
  queryClient.setQueryData(['profile', 'u1'], { name: 'Ada', tags: ['a', 'b'], when: new Date('2026-11-27T12:00:00Z') })
  return queryClient
}

const persisted = (queryClient: QueryClient) => ({ buster: 'v1', timestamp: 42, clientState: dehydrate(queryClient) })

describe('cacheSerializer', () => {
  it('writes what JSON.stringify writes', () => {
    const queryClient = client()
    const serialize = cacheSerializer()
    const value = persisted(queryClient)
    expect(JSON.parse(serialize(value))).toEqual(JSON.parse(JSON.stringify(value)))
  })

  it('serializes again the data that changed', () => {
    const queryClient = client()
    const serialize = cacheSerializer()
    serialize(persisted(queryClient))
    const tasks = queryClient.getQueryData<object[]>(['tasks', 'u1'])
    queryClient.setQueryData(['count'], 4)
    const value = persisted(queryClient)
    const text = serialize(value)
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)))
    expect(queryClient.getQueryData(['tasks', 'u1'])).toBe(tasks)
    // A new array for the tasks: its text is the new one.
    queryClient.setQueryData(['tasks', 'u1'], [...(tasks ?? []), { id: 't2', title: 'Call Bo' }])
    const next = persisted(queryClient)
    expect(JSON.parse(serialize(next))).toEqual(JSON.parse(JSON.stringify(next)))
    expect(serialize(next)).toContain('Call Bo')
  })

  it('takes a setQueryData of the same object changed in place', () => {
    const queryClient = client()
    const serialize = cacheSerializer()
    serialize(persisted(queryClient))
    const profile = queryClient.getQueryData<{ name: string }>(['profile', 'u1'])
    if (!profile) throw new Error('no profile')
    profile.name = 'Grace'
    // A later dataUpdatedAt with the same object.
    queryClient.setQueryData(['profile', 'u1'], profile, { updatedAt: Date.now() + 1000 })
    expect(serialize(persisted(queryClient))).toContain('Grace')
  })

  it('keeps a cache without queries and paused mutations as JSON', () => {
    const serialize = cacheSerializer()
    const value = { buster: '', timestamp: 1, clientState: { mutations: [], queries: [] } }
    expect(JSON.parse(serialize(value))).toEqual(value)
  })
})
