import { create } from 'zustand'
import type { NoteFolder } from '../api/get-folders'
import type { ShareTarget } from '../api/note-shares'

export type NoteSort = 'updated' | 'created' | 'title'

type FolderDialog = { mode: 'create' } | { mode: 'edit'; folder: NoteFolder }

type NotesUiState = {
  /** Folders expanded in the sidebar (their notes listed under them). */
  expanded: Record<string, boolean>
  toggleExpanded: (folderId: string) => void
  sort: NoteSort
  setSort: (sort: NoteSort) => void
  folderDialog: FolderDialog | null
  openFolderDialog: (dialog: FolderDialog | null) => void
  deletingFolder: NoteFolder | null
  setDeletingFolder: (folder: NoteFolder | null) => void
  shareTarget: ShareTarget | null
  setShareTarget: (target: ShareTarget | null) => void
  importOpen: boolean
  setImportOpen: (open: boolean) => void
}

const EXPANDED_KEY = 'daybase.notes.expanded'
const SORT_KEY = 'daybase.notes.sort'

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : fallback
  } catch {
    return fallback
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Private mode or full storage: the choice lasts for this visit only.
  }
}

/** The notes screens' UI state: expanded folders and the sort (remembered on this device), open dialogs. */
export const useNotesUiStore = create<NotesUiState>()((set, get) => ({
  expanded: typeof localStorage === 'undefined' ? {} : read<Record<string, boolean>>(EXPANDED_KEY, {}),
  toggleExpanded: (folderId) => {
    const expanded = { ...get().expanded, [folderId]: !get().expanded[folderId] }
    write(EXPANDED_KEY, expanded)
    set({ expanded })
  },
  sort: typeof localStorage === 'undefined' ? 'updated' : read<NoteSort>(SORT_KEY, 'updated'),
  setSort: (sort) => {
    write(SORT_KEY, sort)
    set({ sort })
  },
  folderDialog: null,
  openFolderDialog: (folderDialog) => set({ folderDialog }),
  deletingFolder: null,
  setDeletingFolder: (deletingFolder) => set({ deletingFolder }),
  shareTarget: null,
  setShareTarget: (shareTarget) => set({ shareTarget }),
  importOpen: false,
  setImportOpen: (importOpen) => set({ importOpen }),
}))
