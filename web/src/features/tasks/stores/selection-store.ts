import { create } from 'zustand'
import { type SelectGesture, select } from '../utils/selection'

type SelectionStore = {
  ids: ReadonlySet<string>
  anchor: string | null
  /** Touch screens: a tap selects instead of opening the task. */
  selectMode: boolean
  apply: (id: string, gesture: SelectGesture, order: readonly string[]) => void
  setSelectMode: (on: boolean) => void
  clear: () => void
}

/** The task list's multi-selection for bulk operations (000 §9). UI state only: ids, never rows. */
export const useSelectionStore = create<SelectionStore>()((set, get) => ({
  ids: new Set(),
  anchor: null,
  selectMode: false,
  apply: (id, gesture, order) => set(select({ ids: get().ids, anchor: get().anchor }, id, gesture, order)),
  setSelectMode: (selectMode) => set(selectMode ? { selectMode } : { selectMode, ids: new Set(), anchor: null }),
  clear: () => set({ ids: new Set(), anchor: null, selectMode: false }),
}))
