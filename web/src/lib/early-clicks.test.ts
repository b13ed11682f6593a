import { afterEach, describe, expect, it } from 'vitest'
import { replayEarlyClicks } from './early-clicks'

describe('replayEarlyClicks', () => {
  afterEach(() => {
    document.body.replaceChildren()
    window.__daybaseEarlyClicks = undefined
  })

  it('clicks again, in order, the kept buttons still on the page and enabled, then stops keeping', () => {
    const order: string[] = []
    const make = (name: string, { attached = true, disabled = false } = {}) => {
      const b = document.createElement('button')
      b.textContent = name
      b.disabled = disabled
      b.addEventListener('click', () => order.push(name))
      if (attached) document.body.append(b)
      return b
    }
    const first = make('first')
    const gone = make('gone', { attached: false })
    const off = make('off', { disabled: true })
    const second = make('second')
    window.__daybaseEarlyClicks = [first, gone, off, second, first]

    replayEarlyClicks()

    expect(order).toEqual(['first', 'second', 'first'])
    expect(window.__daybaseEarlyClicks).toBeNull()
  })

  it('with nothing kept (a page React rendered from scratch) only ends the keeping', () => {
    window.__daybaseEarlyClicks = []
    replayEarlyClicks()
    expect(window.__daybaseEarlyClicks).toBeNull()
  })
})
