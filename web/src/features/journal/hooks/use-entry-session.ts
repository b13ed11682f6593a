import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { clearDraft, loadDraft } from '@/lib/drafts'
import { previewOf } from '@/lib/markdown-text'
import { toast } from '@/lib/toast'
import { useAutosaver } from '@/lib/use-autosaver'
import type { EntrySummary } from '../api/get-entries'
import type { Entry } from '../api/get-entry'
import { journalKeys } from '../api/keys'
import { type EntryFields, createEntry, updateEntry } from '../api/save-entry'

type Options = {
  entryId: string
  userId: string
  /** The entry as loaded; null while it does not exist yet (a new entry). */
  entry: Entry | null
  /** The fields as they are in the page now. */
  read: () => EntryFields
  /** Shows a restored draft. */
  apply: (fields: EntryFields) => void
  onCreated: () => void
}

const same = (a: EntryFields, b: EntryFields) =>
  a.title === b.title && a.content === b.content && a.date === b.date && a.mood === b.mood && a.folder === b.folder
const draftKey = (id: string) => `entry.${id}`

function summaryOf(entry: Entry): EntrySummary {
  const { content, ...rest } = entry
  return { ...rest, preview: content.slice(0, 300) }
}

/** Newest day first, as the list reads them. */
function byDate(a: EntrySummary, b: EntrySummary) {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : a.created_at < b.created_at ? 1 : -1
}

/**
 * One open journal entry: autosaves its title, text, date, mood and
 * journal (lib/use-autosaver.ts: retries, drafts on the device, save on
 * leaving); a new entry is created with its first words or the first
 * image, with 'Journal entry created'.
 */
export function useEntrySession({ entryId, userId, entry, read, apply, onCreated }: Options) {
  const queryClient = useQueryClient()
  // The autosave shows its own failures; the monthly cap still opens the paywall.
  const create = useMutation({
    mutationFn: createEntry,
    meta: { silent: true },
    // Offline, the autosave retries by itself (react-query would hold the request until online).
    networkMode: 'always',
  })
  const created = useRef(entry !== null)
  const lastSaved = useRef<EntryFields | null>(
    entry ? { title: entry.title, content: entry.content, date: entry.date, mood: entry.mood, folder: entry.folder } : null,
  )
  const latest = useRef({ apply, onCreated })
  latest.current = { apply, onCreated }

  const accept = useCallback(
    (row: Entry) => {
      lastSaved.current = { title: row.title, content: row.content, date: row.date, mood: row.mood, folder: row.folder }
      if (row.is_deleted) return // deleted meanwhile (another tab): the lists have let it go
      queryClient.setQueryData(journalKeys.entry(row.id), row)
      queryClient.setQueryData<EntrySummary[]>(journalKeys.entries(userId), (l) =>
        l ? [summaryOf(row), ...l.filter((e) => e.id !== row.id)].sort(byDate) : l,
      )
      // Figures follow the next time they are shown; no refetch per keystroke.
      void queryClient.invalidateQueries({ queryKey: journalKeys.allStatistics(), refetchType: 'none' })
    },
    [queryClient, userId],
  )

  const createNow = useCallback(
    async (fields: EntryFields) => {
      const row = await create.mutateAsync({ userId, id: entryId, ...fields })
      created.current = true
      accept(row)
      toast.success('Journal entry created', { description: previewOf(row.title || row.content, 60) || undefined })
      latest.current.onCreated()
    },
    [accept, create, entryId, userId],
  )

  const save = async (readFields: () => EntryFields) => {
    const fields = readFields()
    if (!created.current) {
      if (fields.title.trim() || fields.content.trim() || fields.mood !== null) await createNow(fields)
      return
    }
    if (lastSaved.current && same(fields, lastSaved.current)) return
    accept(await updateEntry(entryId, fields))
  }

  const { saver, state, change } = useAutosaver<EntryFields>({ save, read, draftKey: draftKey(entryId) })

  // Unsaved changes of an earlier visit come back.
  const checkedDraft = useRef(false)
  useEffect(() => {
    if (checkedDraft.current) return
    checkedDraft.current = true
    const draft = loadDraft<EntryFields>(draftKey(entryId))
    if (!draft) return
    if (lastSaved.current && same(draft.value, lastSaved.current)) {
      clearDraft(draftKey(entryId))
      return
    }
    latest.current.apply(draft.value)
    change()
    toast.success('Unsaved changes restored')
  }, [entryId, change])

  return {
    state,
    change,
    flush: useCallback(() => saver.flush(), [saver]),
    retry: useCallback(() => saver.retry(), [saver]),
    /** Makes sure the entry exists (images are filed under its id). */
    ensureCreated: useCallback(async () => {
      if (!created.current) await createNow(read())
    }, [createNow, read]),
    created: () => created.current,
  }
}
