import { create } from 'zustand'

type QuickAddState = {
  open: boolean
  setOpen: (open: boolean) => void
}

/** The quick add dialog, opened with q from anywhere in the app. */
export const useQuickAddStore = create<QuickAddState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}))
