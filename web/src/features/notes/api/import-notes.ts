import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { type ImportedNote, batches } from '../utils/markdown-files'

export type ImportProgress = { done: number; total: number }

/**
 * Imports notes: creates the folders they name that the user lacks, then
 * inserts the notes in batches (one request each, so an import of 500
 * notes counts once against the creation rate limit: 0670). Reports the
 * notes written so far. A refusal (the Free cap, the rate limit) stops the
 * import with the server's message; what was written stays.
 */
export async function importNotes(
  userId: string,
  notes: readonly ImportedNote[],
  existingFolders: readonly string[],
  onProgress: (p: ImportProgress) => void,
): Promise<{ imported: number; foldersCreated: string[] }> {
  const have = new Set(existingFolders.map((f) => f.toLowerCase()))
  const wanted = new Map<string, string>()
  for (const n of notes) if (n.folder && !have.has(n.folder.toLowerCase())) wanted.set(n.folder.toLowerCase(), n.folder)
  const foldersCreated = [...wanted.values()]
  if (foldersCreated.length > 0) {
    unwrap(
      await supabase.from('note_folders').insert(foldersCreated.map((name, i) => ({ user_id: userId, name, color: 'indigo', sort_order: 1000 + i }))),
    )
  }
  let imported = 0
  onProgress({ done: 0, total: notes.length })
  for (const batch of batches([...notes])) {
    unwrap(
      await supabase.from('notes').insert(
        batch.map((n) => ({
          user_id: userId,
          title: n.title,
          content: n.content,
          folder: n.folder,
        })),
      ),
    )
    imported += batch.length
    onProgress({ done: imported, total: notes.length })
  }
  return { imported, foldersCreated }
}
