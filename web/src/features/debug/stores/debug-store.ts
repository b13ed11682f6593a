import { create } from 'zustand'

/** The window event that opens the debug information dialog (002 §6). */
export const DEBUG_INFO_EVENT = 'daybase:debug-info'

export const useDebugDialog = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}))
