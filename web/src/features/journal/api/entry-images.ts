import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TableRow } from '@/lib/database'
import { RequestError, unwrap } from '@/lib/errors'
import { loadStorage, supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { journalKeys } from './keys'

export type EntryImage = TableRow<'journal_images'>

export const BUCKET = 'journal-images'
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }

/** An entry's images in their order (002 §7: journal_images read). */
export async function getEntryImages(entryId: string, signal: AbortSignal): Promise<EntryImage[]> {
  return unwrap(
    await supabase.from('journal_images').select('*').eq('journal_entry_id', entryId).order('image_order').order('created_at').abortSignal(signal),
  )
}

export function entryImagesQueryOptions(entryId: string) {
  return queryOptions({ queryKey: journalKeys.images(entryId), queryFn: ({ signal }) => getEntryImages(entryId, signal) })
}

export function useEntryImages(entryId: string, enabled: boolean) {
  return useQuery({ ...entryImagesQueryOptions(entryId), enabled })
}

/** The object path of an image's public URL: {entryId}/{timestamp}.{extension} (002 §3). */
export function imagePath(url: string): string | null {
  const marker = `/object/public/${BUCKET}/`
  const at = url.indexOf(marker)
  return at < 0 ? null : decodeURIComponent(url.slice(at + marker.length).split('?')[0] ?? '')
}

/**
 * Uploads an image to journal-images under {entryId}/{timestamp}.{extension}
 * and records it (002 §7: journal_images insert {journal_entry_id,
 * image_url, image_order}). The storage server applies 002 §5's file rules
 * and rate limits; an upload the row cannot follow is removed again.
 */
export async function uploadEntryImage(entryId: string, file: File, order: number): Promise<EntryImage> {
  const ext = EXTENSIONS[file.type]
  if (!ext) throw new RequestError(`File type "${file.type || 'unknown'}" is not supported`)
  await loadStorage()
  const bucket = supabase.storage.from(BUCKET)
  const path = `${entryId}/${Date.now()}.${ext}`
  const { error } = await bucket.upload(path, file, { contentType: file.type, cacheControl: '3600', upsert: false })
  if (error) throw new RequestError(error.message)
  const url = bucket.getPublicUrl(path).data.publicUrl
  const { data, error: rowError } = await supabase
    .from('journal_images')
    .insert({ journal_entry_id: entryId, image_url: url, image_order: order })
    .select('*')
    .single()
  if (rowError) {
    await bucket.remove([path])
    throw new RequestError(rowError.message, rowError.code)
  }
  return data
}

/** Deletes the image's row and its file (002 §7: journal_images delete, storage remove). */
export async function deleteEntryImage(image: EntryImage) {
  unwrap(await supabase.from('journal_images').delete().eq('id', image.id))
  const path = imagePath(image.image_url)
  if (path) {
    await loadStorage()
    await supabase.storage.from(BUCKET).remove([path])
  }
}

/** Writes a new order (image_order 0, 1, 2… as given). */
export async function reorderEntryImages(images: readonly EntryImage[]) {
  for (const [i, image] of images.entries()) {
    if (image.image_order !== i) unwrap(await supabase.from('journal_images').update({ image_order: i }).eq('id', image.id))
  }
}

export function useDeleteEntryImage(entryId: string) {
  const queryClient = useQueryClient()
  const key = journalKeys.images(entryId)
  return useMutation({
    mutationFn: deleteEntryImage,
    onMutate: async (image) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<EntryImage[]>(key)
      queryClient.setQueryData<EntryImage[]>(key, (l) => l?.filter((i) => i.id !== image.id))
      return { before }
    },
    onError: (e, _v, context) => {
      queryClient.setQueryData(key, context?.before)
      toast.error('Image delete failed', { description: e instanceof Error ? e.message : 'Please try again.' })
    },
    onSuccess: () => toast.success('Image deleted'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useReorderEntryImages(entryId: string) {
  const queryClient = useQueryClient()
  const key = journalKeys.images(entryId)
  return useMutation({
    mutationFn: reorderEntryImages,
    onMutate: async (images) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<EntryImage[]>(key)
      queryClient.setQueryData(key, images.map((img, i) => ({ ...img, image_order: i })))
      return { before }
    },
    onError: (_e, _v, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorTitle: 'Error reordering images' },
  })
}
