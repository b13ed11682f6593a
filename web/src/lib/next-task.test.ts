import { describe, expect, it } from 'vitest'
import { nextTask } from './next-task'

describe('nextTask', () => {
  it('resolves after the current task and its microtasks, in a task of its own', async () => {
    const order: string[] = []
    const done = nextTask().then(() => order.push('next task'))
    queueMicrotask(() => order.push('microtask'))
    void Promise.resolve().then(() => Promise.resolve().then(() => order.push('chained microtask')))
    order.push('current task')
    await done
    expect(order).toEqual(['current task', 'microtask', 'chained microtask', 'next task'])
  })
})
