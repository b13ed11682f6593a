import { useQuery, useQueryClient } from '@tanstack/react-query'
import { loadConfig } from '@/lib/config'
import { RequestError, unwrap } from '@/lib/errors'
import { loadStorage, supabase } from '@/lib/supabase'
import { extensionOf, mimeOf } from '../utils/files'

export const BUCKET = 'task-attachments'
/** Signed URLs live 5 minutes (the bucket is private since 0600); the list is read again before they end. */
const SIGNED_SECONDS = 300

export type Attachment = {
  id: string
  task_id: string
  user_id: string
  filename: string
  file_size: number
  mime_type: string
  local_path: string | null
  created_at: string
  /** A short-lived signed URL of the bytes. */
  url: string | null
}

const COLUMNS = 'id, task_id, user_id, filename, file_size, mime_type, local_path, created_at'

export const attachmentKeys = { task: (taskId: string) => ['task-attachments', taskId] as const }

/**
 * A task's attachments, newest first, each with a signed URL (one request
 * for all of them). Everyone who reaches the task sees them (0206's policy;
 * docs/decisions.md, issue 21c).
 */
export function useAttachments(taskId: string) {
  return useQuery({
    queryKey: attachmentKeys.task(taskId),
    queryFn: async ({ signal }): Promise<Attachment[]> => {
      const rows = unwrap(
        await supabase
          .from('task_attachments')
          .select(COLUMNS)
          .eq('task_id', taskId)
          .eq('is_marked_deleted', false)
          .order('created_at', { ascending: false })
          .abortSignal(signal),
      )
      const paths = rows.flatMap((r) => (r.local_path ? [r.local_path] : []))
      const urls = new Map<string, string>()
      if (paths.length) {
        await loadStorage()
        const signed = await supabase.storage.from(BUCKET).createSignedUrls(paths, SIGNED_SECONDS)
        for (const s of signed.data ?? []) if (s.path && s.signedUrl) urls.set(s.path, s.signedUrl)
      }
      return rows.map((r) => ({ ...r, url: r.local_path ? (urls.get(r.local_path) ?? null) : null }))
    },
    // Read again before the signed URLs run out.
    staleTime: (SIGNED_SECONDS - 60) * 1000,
    refetchInterval: (SIGNED_SECONDS - 60) * 1000,
  })
}

function randomName(file: File): string {
  const ext = extensionOf(file.name)
  return `${crypto.randomUUID()}${ext ? `.${ext}` : ''}`
}

/** The storage server's error text (its JSON carries message or error). */
function storageMessage(status: number, body: string): string {
  try {
    const j = JSON.parse(body) as { message?: string; error?: string }
    return j.message || j.error || `Upload failed (${status})`
  } catch {
    return body || `Upload failed (${status})`
  }
}

/**
 * Uploads one file to {userId}/{taskId}/{random}.{ext} (002 §7: cache 3600 s,
 * no overwrite), reporting the bytes sent, then records it. supabase-js
 * uploads with fetch, which cannot report progress, so this one request is
 * made with XMLHttpRequest to the same endpoint with the session's token.
 * Returns the recorded row as soon as the insert answers, with no URL yet:
 * a signed URL is one more round trip the user should not wait for (a new
 * file's thumbnail or preview waits for [signAttachment], the list for
 * nothing). `token` is [sessionToken]'s answer, asked for while the files
 * are checked. User-timing marks (daybase:upload:start, :sent, :recorded)
 * let the bench split the time.
 */
export async function uploadAttachment(userId: string, taskId: string, file: File, token: Promise<string | null>, onProgress: (sent: number) => void): Promise<Attachment> {
  const config = loadConfig()
  const access = await token
  if (!config || !access) throw new RequestError('User not authenticated')
  const path = `${userId}/${taskId}/${randomName(file)}`
  const mime = mimeOf(file)
  performance.mark('daybase:upload:start')
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${config.url}/storage/v1/object/${BUCKET}/${path}`)
    xhr.setRequestHeader('Authorization', `Bearer ${access}`)
    xhr.setRequestHeader('apikey', config.anonKey)
    xhr.setRequestHeader('Content-Type', mime)
    xhr.setRequestHeader('cache-control', 'max-age=3600')
    xhr.setRequestHeader('x-upsert', 'false')
    xhr.upload.onprogress = (e) => onProgress(e.loaded)
    xhr.onload = () => (xhr.status < 300 ? resolve() : reject(new RequestError(storageMessage(xhr.status, xhr.responseText), undefined, xhr.status)))
    xhr.onerror = () => reject(new RequestError('Failed to upload attachment'))
    xhr.send(file)
  })
  onProgress(file.size)
  performance.mark('daybase:upload:sent')
  const recorded = await supabase
    .from('task_attachments')
    .insert({
      task_id: taskId,
      user_id: userId,
      filename: file.name,
      file_size: file.size,
      mime_type: mime,
      local_path: path,
      remote_path: `${config.url}/storage/v1/object/authenticated/${BUCKET}/${path}`,
    })
    .select(COLUMNS)
    .single()
  if (recorded.error) {
    // The row was refused (a plan cap): the object must not stay behind.
    await loadStorage()
    await supabase.storage.from(BUCKET).remove([path])
    unwrap(recorded)
  }
  performance.mark('daybase:upload:recorded')
  return { ...unwrap(recorded), url: null }
}

/**
 * The session's access token for an upload (null when signed out). Its own
 * step so the panel can ask for it while it checks the files: reading the
 * session takes supabase-js's auth lock, which waits behind any other request
 * of the page.
 */
export async function sessionToken(): Promise<string | null> {
  const { data } = await supabase.auth.getSession()
  performance.mark('daybase:upload:session')
  return data.session?.access_token ?? null
}

/** A signed URL of one attachment's bytes (null when it cannot be signed; the next read of the list tries again). */
export async function signAttachment(path: string): Promise<string | null> {
  await loadStorage()
  const signed = await supabase.storage.from(BUCKET).createSignedUrl(path, SIGNED_SECONDS)
  return signed.data?.signedUrl ?? null
}

/** Gives a cached attachment its signed URL once it is known. */
export function withUrl(list: Attachment[] | undefined, id: string, url: string | null): Attachment[] | undefined {
  return list && url ? list.map((a) => (a.id === id && !a.url ? { ...a, url } : a)) : list
}

/** Puts a just-uploaded attachment at the top of the task's cached list (newest first). */
export function withAttachment(list: Attachment[] | undefined, added: Attachment): Attachment[] | undefined {
  return list && !list.some((a) => a.id === added.id) ? [added, ...list] : list
}

/** Deletes an attachment (002 §4): the object is removed, the row marked deleted with a new change_id (set by the server). */
export async function deleteAttachment(a: Attachment): Promise<void> {
  if (a.local_path) {
    await loadStorage()
    const removed = await supabase.storage.from(BUCKET).remove([a.local_path])
    if (removed.error) throw new RequestError(removed.error.message)
  }
  unwrap(await supabase.from('task_attachments').update({ is_marked_deleted: true }).eq('id', a.id))
}

export function useInvalidateAttachments(taskId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: attachmentKeys.task(taskId) })
}
