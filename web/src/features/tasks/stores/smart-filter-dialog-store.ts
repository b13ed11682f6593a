import { create } from 'zustand'

/** query: a filter-language query to start from (the palette's "Save as smart filter"). */
export type SmartFilterDialog = { kind: 'create'; query?: string } | { kind: 'edit'; filterId: string } | { kind: 'delete'; filterId: string }

type State = { dialog: SmartFilterDialog | null; open: (d: SmartFilterDialog) => void; close: () => void }

/** Which smart filter dialog is open (the sidebar and settings open them). */
export const useSmartFilterDialogStore = create<State>()((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}))
