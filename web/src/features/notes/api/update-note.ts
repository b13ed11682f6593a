import { RequestError, unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { Note } from './get-note'

export type NoteText = { title: string; content: string }

/** Raised when the note changed on the server since the version the editor started from. */
export class NoteConflictError extends RequestError {
  constructor() {
    super('This note was changed elsewhere.', 'conflict', 409)
    this.name = 'NoteConflictError'
  }
}

/**
 * Saves a note's title and text (autosave). With `base` (the updated_at
 * the editor's version started from) the write happens only if nobody
 * changed the note since; otherwise NoteConflictError, and nothing is
 * overwritten. Without `base` it writes whatever is there ("keep mine").
 */
export async function updateNoteText(id: string, text: NoteText, base?: string): Promise<Note> {
  let query = supabase.from('notes').update({ title: text.title, content: text.content }).eq('id', id)
  if (base) query = query.eq('updated_at', base)
  const rows = unwrap(await query.select('*'))
  const row = rows[0]
  if (!row) throw new NoteConflictError()
  return row
}
