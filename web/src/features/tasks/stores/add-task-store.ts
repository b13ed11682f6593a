import { create } from 'zustand'

export type AddPlace = 'top' | 'bottom'

type AddTaskState = {
  /** Where the inline add row is open, with the section it adds to; null when closed. */
  at: { place: AddPlace; section: string | null } | null
  open: (place: AddPlace, section?: string | null) => void
  close: () => void
}

/** The list's inline add row: 'a' opens it at the bottom, Shift+A at the top (001 §9). */
export const useAddTaskStore = create<AddTaskState>()((set) => ({
  at: null,
  open: (place, section = null) => set({ at: { place, section } }),
  close: () => set({ at: null }),
}))
