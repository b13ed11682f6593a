import type { Json } from '@/lib/database.types'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { ImportRow, ImportSource } from './model'

/**
 * Sending an import plan to the server (RPC import_chunk, migration 0750)
 * in chunks, with progress. Chunks commit one by one, in order, so the
 * batch's row count is the length of the prefix already created: resuming
 * sends from there, and the server skips any key it already holds.
 */

export const CHUNK_ROWS = 100

export type Progress = { done: number; total: number }

export type Batch = { id: string; source: ImportSource; file_name: string; total_rows: number; status: string; created_at: string }

type ChunkResult = { created: number; skipped: number; done: number }

export async function createBatch(source: ImportSource, fileName: string, total: number): Promise<string> {
  const row = unwrap(
    await supabase.from('import_batches').insert({ source, file_name: fileName.slice(0, 255), total_rows: total }).select('id').single(),
  )
  return row.id
}

/** Rows from index `from` on, chunk by chunk; resolves with the batch's row count. Stops between chunks when signal aborts. */
export async function sendRows(batchId: string, rows: readonly ImportRow[], from: number, onProgress: (p: Progress) => void, signal?: AbortSignal): Promise<number> {
  let done = from
  onProgress({ done, total: rows.length })
  for (let i = from; i < rows.length; i += CHUNK_ROWS) {
    if (signal?.aborted) break
    const chunk = rows.slice(i, i + CHUNK_ROWS)
    const result = unwrap(await supabase.rpc('import_chunk', { p_batch_id: batchId, p_rows: chunk as unknown as Json })) as ChunkResult
    done = result.done
    onProgress({ done, total: rows.length })
  }
  return done
}

/** How many rows the batch holds (what a resume starts from). */
export async function batchProgress(batchId: string): Promise<number> {
  const { count, error } = await supabase.from('import_batch_items').select('row_key', { count: 'exact', head: true }).eq('batch_id', batchId)
  if (error) throw error
  return count ?? 0
}

export async function recentBatches(): Promise<Batch[]> {
  const rows = unwrap(
    await supabase
      .from('import_batches')
      .select('id, source, file_name, total_rows, status, created_at')
      .neq('status', 'undone')
      .order('created_at', { ascending: false })
      .limit(5),
  )
  return rows.map((r) => ({ ...r, source: r.source as ImportSource }))
}

export type UndoResult = { tasks: number; projects: number; comments: number }

export async function undoImport(batchId: string): Promise<UndoResult> {
  return unwrap(await supabase.rpc('undo_import', { p_batch_id: batchId })) as unknown as UndoResult
}

/** Own live tasks and projects, for the dry run's cap check. */
export async function currentUsage(userId: string): Promise<{ tasks: number; projects: number }> {
  const [tasks, projects] = await Promise.all([
    supabase.from('tasks').select('id', { count: 'exact', head: true }).eq('user_id', userId).eq('is_deleted', false),
    supabase.from('projects').select('id', { count: 'exact', head: true }).eq('user_id', userId).eq('is_deleted', false),
  ])
  if (tasks.error) throw tasks.error
  if (projects.error) throw projects.error
  return { tasks: tasks.count ?? 0, projects: projects.count ?? 0 }
}

// A started import is remembered in this browser, rows included, so a
// reload can continue it without asking for the file again.
const PENDING = 'daybase.import.pending'

export type Pending = { batchId: string; fileName: string; source: ImportSource; rows: ImportRow[] }

export function savePending(p: Pending): boolean {
  try {
    localStorage.setItem(PENDING, JSON.stringify(p))
    return true
  } catch {
    return false // too large for storage: the import still runs, a reload cannot resume it
  }
}

export function loadPending(): Pending | null {
  try {
    const raw = localStorage.getItem(PENDING)
    return raw ? (JSON.parse(raw) as Pending) : null
  } catch {
    return null
  }
}

export function clearPending(): void {
  localStorage.removeItem(PENDING)
}
