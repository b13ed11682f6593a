/**
 * Unsaved text kept on this device (localStorage) while it cannot reach
 * the server, so a reload, a crash or a closed tab does not lose it. The
 * editor writes a draft when a save fails and removes it once saved.
 */
export type Draft<T> = { value: T; at: number }

const PREFIX = 'daybase.draft.'

export function saveDraft<T>(key: string, value: T): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ value, at: Date.now() } satisfies Draft<T>))
  } catch {
    // Storage full or blocked: the text is still in the page.
  }
}

export function loadDraft<T>(key: string): Draft<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key)
    return raw ? (JSON.parse(raw) as Draft<T>) : null
  } catch {
    return null
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key)
  } catch {
    // Nothing to do.
  }
}
