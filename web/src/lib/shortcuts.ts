/**
 * Keyboard shortcuts as data. A command (see commands.ts) lists its
 * shortcuts; one matcher decides which command a key press runs, so menus,
 * the shortcuts help and the command palette all read the same definitions.
 */

/** One chord. `mod` is Cmd on macOS and Ctrl elsewhere; `ctrl` is always Ctrl. */
export type KeyCombo = {
  key: string
  mod?: boolean
  ctrl?: boolean
  shift?: boolean
  alt?: boolean
}

/** A prefix key followed by a second key within PREFIX_WINDOW_MS (G then i). */
export type KeySequence = { sequence: readonly [string, string] }

export type Shortcut = KeyCombo | KeySequence

/** Prefix modes G and O last 2 s (spec 001 §4). */
export const PREFIX_WINDOW_MS = 2000

export type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>

export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent)
}

function isSequence(s: Shortcut): s is KeySequence {
  return 'sequence' in s
}

function hasModifiers(e: KeyEventLike): boolean {
  return e.ctrlKey || e.metaKey || e.altKey
}

const LETTER_OR_DIGIT = /^[a-z0-9]$/i

export function matchesCombo(e: KeyEventLike, combo: KeyCombo, isMac: boolean): boolean {
  const wantCtrl = !!combo.ctrl || (!!combo.mod && !isMac)
  const wantMeta = !!combo.mod && isMac
  if (e.ctrlKey !== wantCtrl || e.metaKey !== wantMeta || e.altKey !== !!combo.alt) return false
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key
  const want = combo.key.length === 1 ? combo.key.toLowerCase() : combo.key
  if (key !== want) return false
  // Symbols such as ? and / need Shift on some layouts and not on others.
  if (LETTER_OR_DIGIT.test(want) || combo.shift !== undefined) return e.shiftKey === !!combo.shift
  return true
}

/** True when key presses belong to a text field rather than to shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || !(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(type)
  }
  return false
}

/**
 * Remembers a pending prefix key between presses. `match` returns the index
 * of the first candidate whose shortcut the press completes, or -1.
 */
export class ShortcutMatcher {
  private prefix: { key: string; at: number } | null = null

  constructor(
    private readonly isMac: boolean,
    private readonly now: () => number = () => Date.now(),
  ) {}

  match(e: KeyEventLike, candidates: readonly (readonly Shortcut[])[], typing: boolean): number {
    const prefix = this.prefix && this.now() - this.prefix.at <= PREFIX_WINDOW_MS ? this.prefix.key : null
    this.prefix = null
    const plain = !hasModifiers(e)
    const key = e.key.toLowerCase()

    if (prefix && plain && !typing) {
      const i = candidates.findIndex((list) =>
        list.some((s) => isSequence(s) && s.sequence[0] === prefix && s.sequence[1] === key),
      )
      if (i >= 0) return i
    }
    for (let i = 0; i < candidates.length; i++) {
      for (const s of candidates[i] ?? []) {
        if (isSequence(s)) continue
        const needsQuiet = !s.mod && !s.ctrl && !s.alt
        if (needsQuiet && typing) continue
        if (matchesCombo(e, s, this.isMac)) return i
      }
    }
    if (plain && !typing && !e.shiftKey) {
      const startsSequence = candidates.some((list) => list.some((s) => isSequence(s) && s.sequence[0] === key))
      if (startsSequence) this.prefix = { key, at: this.now() }
    }
    return -1
  }
}

const KEY_NAMES: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Enter: 'Enter',
  Escape: 'Esc',
}

/** Human text of a shortcut: 'Ctrl+B', '⌘K', 'G then I'. */
export function formatShortcut(s: Shortcut, isMac: boolean): string {
  if (isSequence(s)) return `${s.sequence[0].toUpperCase()} then ${s.sequence[1].toUpperCase()}`
  const parts: string[] = []
  if (s.ctrl) parts.push(isMac ? '⌃' : 'Ctrl')
  if (s.mod) parts.push(isMac ? '⌘' : 'Ctrl')
  if (s.alt) parts.push(isMac ? '⌥' : 'Alt')
  if (s.shift) parts.push(isMac ? '⇧' : 'Shift')
  parts.push(KEY_NAMES[s.key] ?? (s.key.length === 1 ? s.key.toUpperCase() : s.key))
  return parts.join(isMac ? '' : '+')
}
