import { RequestError } from '@/lib/errors'
import { loadStorage, supabase } from '@/lib/supabase'

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }

/**
 * Uploads an image into a note: bucket note-images, {noteId}/{timestamp}.{ext}
 * (0671, like journal-images), and answers its public URL for the markdown.
 * The storage server applies 002 §5's file rules and rate limits.
 */
export async function uploadNoteImage(noteId: string, file: File): Promise<string> {
  const ext = EXTENSIONS[file.type]
  if (!ext) throw new RequestError(`File type "${file.type || 'unknown'}" is not supported`)
  await loadStorage()
  const path = `${noteId}/${Date.now()}.${ext}`
  const bucket = supabase.storage.from('note-images')
  const { error } = await bucket.upload(path, file, { contentType: file.type, cacheControl: '3600', upsert: false })
  if (error) throw new RequestError(error.message)
  return bucket.getPublicUrl(path).data.publicUrl
}
