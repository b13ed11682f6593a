import { describe, expect, it, vi } from 'vitest'
import { RequestError } from './errors'
import { createQueryClient } from './query-client'

function setup() {
  const handlers = { onPlanLimit: vi.fn(), onMutationError: vi.fn() }
  return { client: createQueryClient(handlers), handlers }
}

describe('createQueryClient', () => {
  it('opens the paywall instead of a toast when a mutation hits a plan cap', async () => {
    const { client, handlers } = setup()
    const fn = vi.fn().mockRejectedValue(new RequestError('Task limit reached for Free plan', 'P0001', 400))
    await expect(client.getMutationCache().build(client, { mutationFn: fn }).execute(undefined)).rejects.toThrow()
    expect(handlers.onPlanLimit).toHaveBeenCalledWith('Task limit reached for Free plan')
    expect(handlers.onMutationError).not.toHaveBeenCalled()
  })

  it('never retries a mutation and reports it with its title', async () => {
    const { client, handlers } = setup()
    const fn = vi.fn().mockRejectedValue(new Error('boom'))
    const mutation = client.getMutationCache().build(client, { mutationFn: fn, meta: { errorTitle: 'Update failed' } })
    await expect(mutation.execute(undefined)).rejects.toThrow('boom')
    expect(fn).toHaveBeenCalledTimes(1)
    expect(handlers.onMutationError).toHaveBeenCalledWith('Update failed', 'boom')
  })

  it('stays quiet for mutations that report errors themselves', async () => {
    const { client, handlers } = setup()
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new Error('x')), meta: { silent: true } })
    await expect(mutation.execute(undefined)).rejects.toThrow()
    expect(handlers.onMutationError).not.toHaveBeenCalled()
  })

  it('does not retry a query that failed to reach the server', async () => {
    const { client } = setup()
    const fn = vi.fn().mockRejectedValue(new Error('TypeError: Failed to fetch'))
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn: fn, retryDelay: 0 })).rejects.toThrow()
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('retries other query failures twice', async () => {
    const { client } = setup()
    const fn = vi.fn().mockRejectedValue(new RequestError('boom', 'XX000', 500))
    await expect(client.fetchQuery({ queryKey: ['y'], queryFn: fn, retryDelay: 0 })).rejects.toThrow()
    expect(fn).toHaveBeenCalledTimes(3)
  })

  it('uses the spec timings by default', () => {
    const { client } = setup()
    expect(client.getDefaultOptions().queries).toMatchObject({ refetchOnWindowFocus: false, staleTime: 30_000, gcTime: 300_000 })
    expect(client.getDefaultOptions().mutations).toMatchObject({ retry: false })
  })
})
