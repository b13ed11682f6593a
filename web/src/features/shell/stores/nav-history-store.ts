import { create } from 'zustand'

/** The history keeps the last 10 distinct paths (spec 000 §2, 001 §2). */
export const HISTORY_LIMIT = 10

type NavHistoryState = {
  /** Oldest first; each path at most once. */
  entries: string[]
  /** Position of the current path in entries. */
  index: number
  /** Records a navigation; a path already at the current position is ignored. */
  visit: (path: string) => void
  /** Moves back or forward and returns the path to go to, or null at either end. */
  back: () => string | null
  forward: () => string | null
}

export const useNavHistoryStore = create<NavHistoryState>()((set, get) => ({
  entries: [],
  index: -1,
  visit: (path) => {
    const { entries, index } = get()
    if (entries[index] === path) return
    const kept = entries.slice(0, index + 1).filter((p) => p !== path)
    const next = [...kept, path].slice(-HISTORY_LIMIT)
    set({ entries: next, index: next.length - 1 })
  },
  back: () => {
    const { entries, index } = get()
    if (index <= 0) return null
    set({ index: index - 1 })
    return entries[index - 1] ?? null
  },
  forward: () => {
    const { entries, index } = get()
    if (index >= entries.length - 1) return null
    set({ index: index + 1 })
    return entries[index + 1] ?? null
  },
}))
