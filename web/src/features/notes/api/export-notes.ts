import { strToU8, zipSync } from 'fflate'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { type ExportNote, exportFiles, fileNameOf } from '../utils/markdown-files'

/** The text of notes by id, in batches of 100 ids (the URL stays short). */
async function notesWithText(ids: readonly string[]): Promise<ExportNote[]> {
  const out: ExportNote[] = []
  for (let i = 0; i < ids.length; i += 100) {
    const rows = unwrap(await supabase.from('notes').select('id, title, content, folder').in('id', ids.slice(i, i + 100)))
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const id of ids.slice(i, i + 100)) {
      const r = byId.get(id)
      if (r) out.push(r)
    }
  }
  return out
}

/**
 * Notes as markdown files (issue 20): one note downloads as '{title}.md';
 * several as a zip of '{folder}/{title}.md'. Answers the file to save.
 */
export async function exportNotes(ids: readonly string[], zipName: string): Promise<File> {
  const notes = await notesWithText(ids)
  const files = exportFiles(notes)
  const only = files[0]
  if (files.length === 1 && only) {
    return new File([only.text], only.path.split('/').pop() ?? 'note.md', { type: 'text/markdown' })
  }
  const zip = zipSync(Object.fromEntries(files.map((f) => [f.path, strToU8(f.text)])), { level: 6 })
  return new File([zip], `${fileNameOf(zipName)}.zip`, { type: 'application/zip' })
}
