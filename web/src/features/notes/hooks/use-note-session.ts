import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { clearDraft, loadDraft } from '@/lib/drafts'
import { RequestError } from '@/lib/errors'
import { toast } from '@/lib/toast'
import { useAutosaver } from '@/lib/use-autosaver'
import { usePostgresChanges } from '@/lib/use-postgres-changes'
import { createNote } from '../api/create-note'
import { type Note, getNote } from '../api/get-note'
import type { NoteSummary } from '../api/get-notes'
import { noteKeys } from '../api/keys'
import { summaryOf, upsertSummary } from '../api/notes-cache'
import { NoteConflictError, type NoteText, updateNoteText } from '../api/update-note'

type DraftValue = NoteText & { base: string | null }

export type NoteConflict = {
  /** The version on the server that differs from the one being edited. */
  remote: Pick<Note, 'title' | 'content' | 'updated_at'>
}

type Options = {
  noteId: string
  userId: string
  /** The note as loaded; null while it does not exist yet (a new note). */
  note: Note | null
  /** Folder of a new note. */
  folder: string | null
  /** Whether this user may write it (owner, or 'Can edit'). */
  canEdit: boolean
  /** The text as it is in the page now (title field and editor). */
  read: () => NoteText
  /** Shows another version in the page (theirs, or a restored draft). */
  apply: (text: NoteText) => void
  /** The note was created by the first save. */
  onCreated: () => void
}

const same = (a: NoteText, b: NoteText) => a.title === b.title && a.content === b.content
const draftKey = (id: string) => `note.${id}`

/**
 * One open note: saves what is typed a moment after typing stops (and on
 * leaving), creates a new note with its first words, retries through
 * network drops and keeps unsaved text on the device until it is saved
 * (lib/use-autosaver.ts), and never writes over a version changed
 * elsewhere: such a change is shown at once when nothing is unsaved here,
 * and offered in a banner (keep mine / show theirs) when something is.
 */
export function useNoteSession({ noteId, userId, note, folder, canEdit, read, apply, onCreated }: Options) {
  const queryClient = useQueryClient()
  // The autosave shows its own failures; a plan cap still opens the paywall (lib/query-client.ts).
  const create = useMutation({
    mutationFn: createNote,
    meta: { silent: true },
    // Offline, the autosave retries by itself (react-query would hold the request until online).
    networkMode: 'always',
  })
  const [conflict, setConflict] = useState<NoteConflict | null>(null)
  const [notice, setNotice] = useState(false)
  const [gone, setGone] = useState(false)

  const created = useRef(note !== null)
  const base = useRef<string | null>(note?.updated_at ?? null)
  const lastSaved = useRef<NoteText>({ title: note?.title ?? '', content: note?.content ?? '' })
  const inFlight = useRef<NoteText | null>(null)
  const latest = useRef({ apply, onCreated, folder })
  latest.current = { apply, onCreated, folder }

  const accept = useCallback(
    (row: Note) => {
      base.current = row.updated_at
      lastSaved.current = { title: row.title, content: row.content }
      queryClient.setQueryData(noteKeys.detail(row.id), row)
      queryClient.setQueryData<NoteSummary[]>(noteKeys.list(userId), (l) => (l && row.user_id === userId ? upsertSummary(l, summaryOf(row)) : l))
    },
    [queryClient, userId],
  )

  const createNow = useCallback(
    async (text: NoteText) => {
      const row = await create.mutateAsync({ userId, id: noteId, ...text, folder: latest.current.folder })
      created.current = true
      accept(row)
      toast.success('Note created')
      latest.current.onCreated()
    },
    [accept, create, noteId, userId],
  )

  const save = async (readText: () => NoteText) => {
    const text = readText()
    if (!created.current) {
      if (text.title.trim() || text.content.trim()) await createNow(text)
      return
    }
    if (same(text, lastSaved.current)) return
    inFlight.current = text
    try {
      accept(await updateNoteText(noteId, text, base.current ?? undefined))
    } catch (e) {
      if (!(e instanceof NoteConflictError)) throw e
      const remote = await getNote(noteId, new AbortController().signal)
      if (!remote) {
        setGone(true)
        throw new RequestError('This note was deleted or is no longer shared with you.', 'gone', 410)
      }
      // Only its pin, folder or sharing changed: the text is still ours to write.
      if (same(remote, lastSaved.current)) {
        accept(await updateNoteText(noteId, text, remote.updated_at))
        return
      }
      setConflict({ remote })
      throw e
    } finally {
      inFlight.current = null
    }
  }

  const { saver, state, change } = useAutosaver<NoteText>({ save, read, draftKey: draftKey(noteId), draftExtra: () => ({ base: base.current }) })

  // A draft left from an earlier visit: restored when the note did not
  // change since, else offered against the server's version.
  const checkedDraft = useRef(false)
  useEffect(() => {
    if (checkedDraft.current || !canEdit) return
    checkedDraft.current = true
    const draft = loadDraft<DraftValue>(draftKey(noteId))
    if (!draft) return
    const text = { title: draft.value.title, content: draft.value.content }
    if (same(text, lastSaved.current)) {
      clearDraft(draftKey(noteId))
      return
    }
    latest.current.apply(text)
    if (!note || draft.value.base === note.updated_at) {
      change()
      toast.success('Unsaved changes restored')
    } else {
      setConflict({ remote: note })
    }
  }, [canEdit, noteId, note, change])

  // Changes made elsewhere (another device, a recipient with 'Can edit').
  usePostgresChanges<Note>(
    note ? { table: 'notes', filter: `id=eq.${noteId}`, event: 'UPDATE' } : null,
    (payload: RealtimePostgresChangesPayload<Note>) => {
      if (payload.eventType !== 'UPDATE') return
      const row = payload.new
      if (row.is_deleted) {
        setGone(true)
        return
      }
      if (base.current && row.updated_at <= base.current) return
      // The echo of a save of ours, or a change of pin, folder or sharing.
      if (same(row, lastSaved.current) || (inFlight.current && same(row, inFlight.current))) return
      if (saver.dirty) {
        setConflict({ remote: row })
        return
      }
      latest.current.apply({ title: row.title, content: row.content })
      accept(row)
      setNotice(true)
    },
  )

  return {
    state,
    conflict,
    notice,
    gone,
    /** Something was typed. */
    change: useCallback(() => {
      if (canEdit) change()
    }, [canEdit, change]),
    /** Save now (Ctrl+S). */
    flush: useCallback(() => saver.flush(), [saver]),
    retry: useCallback(() => saver.retry(), [saver]),
    /** Makes sure the note exists (an image needs its folder in note-images). */
    ensureCreated: useCallback(async () => {
      if (!created.current) await createNow(read())
    }, [createNow, read]),
    /** Conflict: write this version over theirs. */
    keepMine: useCallback(() => {
      if (!conflict) return
      base.current = conflict.remote.updated_at
      setConflict(null)
      change()
      void saver.flush()
    }, [conflict, change, saver]),
    /** Conflict: show their version and drop the unsaved text. */
    takeTheirs: useCallback(() => {
      if (!conflict) return
      saver.discard()
      const text = { title: conflict.remote.title, content: conflict.remote.content }
      latest.current.apply(text)
      base.current = conflict.remote.updated_at
      lastSaved.current = text
      clearDraft(draftKey(noteId))
      setConflict(null)
    }, [conflict, noteId, saver]),
    dismissNotice: useCallback(() => setNotice(false), []),
  }
}
