import { create } from 'zustand'
import type { Journal } from '../api/get-journals'

type JournalDialog = { mode: 'create' } | { mode: 'edit'; journal: Journal }

type JournalUiState = {
  journalDialog: JournalDialog | null
  openJournalDialog: (dialog: JournalDialog | null) => void
  deletingJournal: Journal | null
  setDeletingJournal: (journal: Journal | null) => void
}

/** The journal screens' open dialogs. */
export const useJournalUiStore = create<JournalUiState>()((set) => ({
  journalDialog: null,
  openJournalDialog: (journalDialog) => set({ journalDialog }),
  deletingJournal: null,
  setDeletingJournal: (deletingJournal) => set({ deletingJournal }),
}))
