import { create } from 'zustand'

/** Which changelog dialog is open: the newest entry, or all of them. */
type ChangelogState = {
  open: 'whats-new' | 'changelog' | null
  show: (which: 'whats-new' | 'changelog' | null) => void
}

export const useChangelogStore = create<ChangelogState>()((set) => ({
  open: null,
  show: (open) => set({ open }),
}))
