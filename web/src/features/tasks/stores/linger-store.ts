import { create } from 'zustand'

/** How long a task just completed stays in its list, checked, before it leaves (ms). */
export const LINGER_MS = 900

type LingerState = {
  /** Tasks completed a moment ago: still shown, struck through. */
  ids: ReadonlySet<string>
  add: (ids: readonly string[]) => void
  remove: (ids: readonly string[]) => void
}

/**
 * A completed task stays visible for a moment so the click is seen to work
 * (and the Undo in the toast has something to point at), then leaves.
 */
export const useLingerStore = create<LingerState>()((set, get) => ({
  ids: new Set(),
  add: (ids) => {
    set({ ids: new Set([...get().ids, ...ids]) })
    setTimeout(() => get().remove(ids), LINGER_MS)
  },
  remove: (ids) => {
    const next = new Set(get().ids)
    for (const id of ids) next.delete(id)
    set({ ids: next })
  },
}))
