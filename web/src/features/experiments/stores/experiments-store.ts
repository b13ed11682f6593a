import { create } from 'zustand'

/** Whether the "Latest experiments" dialog is open (account menu, command palette). */
export const useExperimentsDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}))
