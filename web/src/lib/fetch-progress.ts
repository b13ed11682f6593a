import { nextTask } from './next-task'

/**
 * Download progress for calls made through supabase-js, which reads whole
 * answers. A call that wants progress sends the header PROGRESS_HEADER with
 * an id from watchProgress(); the app's fetch (lib/supabase.ts, the
 * client's global.fetch) strips it and counts the answer's bytes and lines
 * as they arrive. Server functions that stream say how many lines follow in
 * X-Export-Rows (functions/export).
 */
export const PROGRESS_HEADER = 'X-Daybase-Progress'

export type Progress = {
  /** Bytes received so far. */
  bytes: number
  /** Line breaks received so far. */
  lines: number
  /** The lines the server announced (X-Export-Rows), or null. */
  total: number | null
}

const listeners = new Map<string, (p: Progress) => void>()
let next = 0

/** Registers a listener; send the returned headers with the call, and stop() after it. */
export function watchProgress(listener: (p: Progress) => void): { headers: Record<string, string>; stop: () => void } {
  const id = String(++next)
  listeners.set(id, listener)
  return { headers: { [PROGRESS_HEADER]: id }, stop: () => void listeners.delete(id) }
}

/**
 * fetch that reports the progress of the answers asked for (and is plain
 * fetch otherwise). The browser's fetch() costs a few milliseconds of main
 * thread per call (the request's headers, body and the hand-over to the
 * network process), and the app's calls come in groups: the first screen's
 * five prefetches from one router loader, a commit's queries mounting
 * together. Each call is made in a task of its own, so a group is never one
 * long task (docs/notes/issue-18k.md); the request leaves a moment later.
 */
export const progressFetch: typeof fetch = async (input, init) => {
  await nextTask()
  const headers = new Headers(init?.headers)
  const id = headers.get(PROGRESS_HEADER)
  if (id === null) return fetch(input, init)
  headers.delete(PROGRESS_HEADER)
  const res = await fetch(input, { ...init, headers })
  const listener = listeners.get(id)
  if (!listener || !res.body) return res
  const total = Number(res.headers.get('X-Export-Rows'))
  const progress: Progress = { bytes: 0, lines: 0, total: Number.isFinite(total) && res.headers.has('X-Export-Rows') ? total : null }
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        progress.bytes += chunk.byteLength
        for (const b of chunk) if (b === 10) progress.lines++
        listener({ ...progress })
        controller.enqueue(chunk)
      },
    }),
  )
  return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers })
}
