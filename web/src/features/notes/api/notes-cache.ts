import type { QueryClient } from '@tanstack/react-query'
import { previewSource } from '../utils/note-text'
import type { NoteSummary } from './get-notes'
import type { Note } from './get-note'
import { noteKeys } from './keys'

/**
 * Optimistic edits of the cached note list: each returns the list as it
 * was, for the rollback. Mutations cancel the list's fetch first, so an
 * answer in flight cannot overwrite the edit.
 */
export async function editNoteList(
  queryClient: QueryClient,
  userId: string,
  edit: (notes: NoteSummary[]) => NoteSummary[],
): Promise<NoteSummary[] | undefined> {
  const key = noteKeys.list(userId)
  await queryClient.cancelQueries({ queryKey: key })
  const before = queryClient.getQueryData<NoteSummary[]>(key)
  if (before) queryClient.setQueryData<NoteSummary[]>(key, edit(before))
  return before
}

export function restoreNoteList(queryClient: QueryClient, userId: string, before: NoteSummary[] | undefined): void {
  if (before) queryClient.setQueryData(noteKeys.list(userId), before)
}

/** The list row of a full note. */
export function summaryOf(note: Note): NoteSummary {
  const { content, ...rest } = note
  return { ...rest, preview: previewSource(content) }
}

/** Puts a note (new or changed) at the head of the list, as "sort by updated" has it. */
export function upsertSummary(notes: NoteSummary[], note: NoteSummary): NoteSummary[] {
  return [note, ...notes.filter((n) => n.id !== note.id)]
}

export function patchSummary(notes: NoteSummary[], id: string, patch: Partial<NoteSummary>): NoteSummary[] {
  return notes.map((n) => (n.id === id ? { ...n, ...patch } : n))
}
