import { describe, expect, it } from 'vitest'
import { RequestError } from './errors'
import { type AutosaveState, Autosaver } from './autosave'

/** A fake clock and timer queue: run() fires every timer due by the time given. */
function fakeTimers() {
  let now = 0
  let seq = 0
  const timers = new Map<number, { at: number; fn: () => void }>()
  return {
    setTimer: (fn: () => void, ms: number) => {
      seq += 1
      timers.set(seq, { at: now + ms, fn })
      return seq
    },
    clearTimer: (h: unknown) => void timers.delete(h as number),
    now: () => now,
    async advance(ms: number) {
      now += ms
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= now).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        timers.delete(due[0])
        due[1].fn()
        await flushPromises()
      }
      await flushPromises()
    },
  }
}

async function flushPromises() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

function setup(save: (v: string) => Promise<void>) {
  const clock = fakeTimers()
  const states: AutosaveState['status'][] = []
  const saver = new Autosaver<string>({
    save,
    delayMs: 800,
    retryDelaysMs: [1000, 2000],
    onState: (s) => states.push(s.status),
    ...clock,
  })
  return { saver, clock, states }
}

describe('Autosaver', () => {
  it('saves the newest version once typing pauses', async () => {
    const saved: string[] = []
    const { saver, clock, states } = setup(async (v) => void saved.push(v))
    saver.change('a')
    await clock.advance(500)
    saver.change('ab')
    await clock.advance(500)
    expect(saved).toEqual([])
    await clock.advance(300)
    expect(saved).toEqual(['ab'])
    expect(saver.current.status).toBe('saved')
    expect(saver.dirty).toBe(false)
    expect(states).toEqual(['pending', 'saving', 'saved'])
  })

  it('saves what was typed during a save right after it', async () => {
    const saved: string[] = []
    let release: () => void = () => undefined
    const { saver, clock } = setup((v) => {
      saved.push(v)
      return new Promise<void>((r) => (release = r))
    })
    saver.change('one')
    await clock.advance(800)
    saver.change('one two')
    expect(saver.dirty).toBe(true)
    release()
    await flushPromises()
    expect(saver.current.status).toBe('pending')
    await clock.advance(800)
    release()
    await flushPromises()
    expect(saved).toEqual(['one', 'one two'])
    expect(saver.current.status).toBe('saved')
  })

  it('retries a save the network dropped, then says it failed, and keeps the text', async () => {
    const saved: string[] = []
    let online = false
    const { saver, clock, states } = setup(async (v) => {
      if (!online) throw new RequestError('TypeError: Failed to fetch')
      saved.push(v)
    })
    saver.change('offline text')
    await clock.advance(800)
    expect(saver.current).toMatchObject({ status: 'retrying', attempt: 1 })
    await clock.advance(1000)
    expect(saver.current).toMatchObject({ status: 'retrying', attempt: 2 })
    await clock.advance(2000)
    expect(saver.current.status).toBe('failed')
    expect(saver.dirty).toBe(true)
    // More typing while failed is kept and saved with the rest once back.
    saver.change('offline text, more')
    online = true
    await clock.advance(800)
    expect(saved).toEqual(['offline text, more'])
    expect(saver.current.status).toBe('saved')
    expect(states).toContain('failed')
  })

  it('does not retry a refusal, and retry() tries again', async () => {
    let refuse = true
    const saved: string[] = []
    const { saver, clock } = setup(async (v) => {
      if (refuse) throw new RequestError('Content must be at most 50,000 characters', '23514', 400)
      saved.push(v)
    })
    saver.change('x')
    await clock.advance(800)
    expect(saver.current.status).toBe('failed')
    refuse = false
    saver.retry()
    await flushPromises()
    expect(saved).toEqual(['x'])
  })

  it('flush() saves at once and waits for it', async () => {
    const saved: string[] = []
    const { saver } = setup(async (v) => void saved.push(v))
    saver.change('leaving')
    await saver.flush()
    expect(saved).toEqual(['leaving'])
  })

  it('discard() forgets what is pending', async () => {
    const saved: string[] = []
    const { saver, clock } = setup(async (v) => void saved.push(v))
    saver.change('mine')
    saver.discard()
    await clock.advance(2000)
    expect(saved).toEqual([])
    expect(saver.current.status).toBe('idle')
  })
})
