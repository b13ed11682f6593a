import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

/** How many past scripts the history keeps. */
export const HISTORY_LIMIT = 50

export type HistoryEntry = { sql: string; at: string; readOnly: boolean; ok: boolean }

type SqlConsoleState = {
  /** The editor's text, kept across visits. */
  draft: string
  /** Read-only is the default; the switch lasts for the tab only (not persisted). */
  readOnly: boolean
  /** Past runs, newest first, one entry per distinct script. */
  history: HistoryEntry[]
  setDraft: (sql: string) => void
  setReadOnly: (readOnly: boolean) => void
  record: (entry: HistoryEntry) => void
  clearHistory: () => void
}

export const DEFAULT_SQL = `-- Runs as the database owner. Read-only unless you switch it off.
select id, email, created_at
  from auth.users
 order by created_at desc
 limit 20;`

/**
 * The SQL console's client state: the draft and the history of scripts
 * run (this browser only; the server's audit table is the record), and the
 * read-only switch. Results are not kept here: they belong to the run.
 */
export const useSqlConsoleStore = create<SqlConsoleState>()(
  persist(
    (set) => ({
      draft: DEFAULT_SQL,
      readOnly: true,
      history: [],
      setDraft: (draft) => set({ draft }),
      setReadOnly: (readOnly) => set({ readOnly }),
      record: (entry) =>
        set((s) => ({ history: [entry, ...s.history.filter((h) => h.sql !== entry.sql)].slice(0, HISTORY_LIMIT) })),
      clearHistory: () => set({ history: [] }),
    }),
    {
      name: 'daybase.sql-console',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ draft: s.draft, history: s.history }),
    },
  ),
)
