import { describe, expect, it } from 'vitest'
import { ShortcutMatcher, type Shortcut, formatShortcut, isTypingTarget, matchesCombo } from './shortcuts'

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
})

describe('matchesCombo', () => {
  it('maps mod to Ctrl off macOS and Cmd on macOS', () => {
    expect(matchesCombo(key('b', { ctrlKey: true }), { key: 'b', mod: true }, false)).toBe(true)
    expect(matchesCombo(key('b', { metaKey: true }), { key: 'b', mod: true }, true)).toBe(true)
    expect(matchesCombo(key('b', { ctrlKey: true }), { key: 'b', mod: true }, true)).toBe(false)
  })

  it('tells Shift+A from a', () => {
    expect(matchesCombo(key('A', { shiftKey: true }), { key: 'a', shift: true }, false)).toBe(true)
    expect(matchesCombo(key('A', { shiftKey: true }), { key: 'a' }, false)).toBe(false)
  })

  it('accepts ? whatever Shift the layout needs', () => {
    expect(matchesCombo(key('?', { shiftKey: true }), { key: '?' }, false)).toBe(true)
  })
})

describe('ShortcutMatcher', () => {
  const commands: Shortcut[][] = [[{ key: 'q' }], [{ sequence: ['g', 'i'] }], [{ key: 'k', mod: true }]]

  it('runs single keys but not while typing', () => {
    const m = new ShortcutMatcher(false)
    expect(m.match(key('q'), commands, false)).toBe(0)
    expect(m.match(key('q'), commands, true)).toBe(-1)
  })

  it('lets modifier shortcuts through text fields', () => {
    expect(new ShortcutMatcher(false).match(key('k', { ctrlKey: true }), commands, true)).toBe(2)
  })

  it('completes G then I within 2 seconds only', () => {
    let now = 0
    const m = new ShortcutMatcher(false, () => now)
    expect(m.match(key('g'), commands, false)).toBe(-1)
    now = 1500
    expect(m.match(key('i'), commands, false)).toBe(1)
    expect(m.match(key('g'), commands, false)).toBe(-1)
    now = 4000
    expect(m.match(key('i'), commands, false)).toBe(-1)
  })
})

describe('formatShortcut', () => {
  it('writes shortcuts for people', () => {
    expect(formatShortcut({ key: 'b', mod: true }, false)).toBe('Ctrl+B')
    expect(formatShortcut({ key: 'k', mod: true }, true)).toBe('⌘K')
    expect(formatShortcut({ sequence: ['g', 'i'] }, false)).toBe('G then I')
  })
})

describe('isTypingTarget', () => {
  it('is true for text inputs and textareas, false for checkboxes and buttons', () => {
    const text = document.createElement('input')
    const box = Object.assign(document.createElement('input'), { type: 'checkbox' })
    expect(isTypingTarget(text)).toBe(true)
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true)
    expect(isTypingTarget(box)).toBe(false)
    expect(isTypingTarget(document.createElement('button'))).toBe(false)
  })
})
