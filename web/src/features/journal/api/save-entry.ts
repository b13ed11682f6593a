import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { Entry } from './get-entry'

/** What an entry's editor writes. */
export type EntryFields = { title: string; content: string; date: string; mood: number | null; folder: string | null }

/**
 * Inserts an entry (002 §7: {title, content, user_id, date}; folder is the
 * journal's id). On Free the server refuses the 31st of a month with
 * 'Journal limit reached for Free plan this month', which opens the paywall.
 */
export async function createEntry({ userId, id, ...fields }: EntryFields & { userId: string; id: string }): Promise<Entry> {
  return unwrap(await supabase.from('journal_entries').insert({ id, user_id: userId, ...fields }).select('*').single())
}

/** Saves an entry's fields (autosave). */
export async function updateEntry(id: string, fields: EntryFields): Promise<Entry> {
  return unwrap(await supabase.from('journal_entries').update(fields).eq('id', id).select('*').single())
}
