import { describe, expect, it } from 'vitest'
import { createSent, serverId, trackCreate } from './pending-creates'

describe('serverId', () => {
  it("waits for a pending create and gives the server's id", async () => {
    let answer: (row: { id: string }) => void = () => {}
    trackCreate('temp-a-1')
    createSent('temp-a-1', new Promise((r) => (answer = r)))
    const id = serverId('temp-a-1')
    expect(typeof id).not.toBe('string')
    answer({ id: '6f1c0c5e-8a4e-4b7e-9f0e-2d1f3c4b5a69' })
    await expect(id).resolves.toBe('6f1c0c5e-8a4e-4b7e-9f0e-2d1f3c4b5a69')
    // Later edits resolve too, at once.
    await expect(serverId('temp-a-1')).resolves.toBe('6f1c0c5e-8a4e-4b7e-9f0e-2d1f3c4b5a69')
  })

  it('fails an edit whose create failed', async () => {
    const created = Promise.reject(new Error('Task limit reached for Free plan'))
    trackCreate('temp-b-2')
    createSent('temp-b-2', created)
    await expect(serverId('temp-b-2')).rejects.toThrow('Task limit reached')
    await created.catch(() => {})
  })

  it('holds an edit made before the create is even sent', async () => {
    // The create waits for an earlier one (creates go one after another).
    trackCreate('temp-c-3')
    const id = serverId('temp-c-3')
    expect(typeof id).not.toBe('string')
    let answered = false
    void Promise.resolve(id).then(() => (answered = true))
    await new Promise((r) => setTimeout(r, 10))
    expect(answered).toBe(false)
    createSent('temp-c-3', Promise.resolve({ id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }))
    await expect(id).resolves.toBe('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d')
    // A second hand-over (onError after the insert was sent) changes nothing.
    createSent('temp-c-3', Promise.reject(new Error('late')))
    await expect(serverId('temp-c-3')).resolves.toBe('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d')
  })

  it('leaves an id the server gave as it is', () => {
    expect(serverId('0b7e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe('0b7e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b')
  })
})
