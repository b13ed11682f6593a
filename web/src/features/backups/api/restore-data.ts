import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invokeFunction } from '@/lib/functions'
import { toast } from '@/lib/toast'
import type { Backup } from './export-data'

/** What import-data creates (functions/restore). */
export type RestoreCounts = {
  projects: number
  tasks: number
  subtasks: number
  completedTasks: number
  notes: number
  noteFolders: number
  journals: number
  journalFolders: number
}

export type RestoreSummary = {
  dryRun: boolean
  exportedAt: string
  email?: string
  counts: RestoreCounts
  notes: string[]
}

/** Largest file the server accepts (import-data's 10 MB body). */
export const MAX_BACKUP_BYTES = 10 * 1024 * 1024

/** Reads a chosen file as a backup; the server checks the rest. */
export async function readBackup(file: File): Promise<Backup> {
  if (file.size > MAX_BACKUP_BYTES) throw new Error('This file is larger than 10 MB; a Daybase backup that large cannot be restored in one go.')
  let parsed: unknown
  try {
    parsed = JSON.parse(await file.text())
  } catch {
    throw new Error('This file is not a Daybase export: it is not JSON.')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('This file is not a Daybase export.')
  return parsed as Backup
}

/**
 * import-data: a dry run (the whole restore, rolled back: the summary is
 * what the restore will do, or why it cannot), or the restore.
 */
export function restoreData(backup: Backup, dryRun: boolean): Promise<RestoreSummary> {
  return invokeFunction<RestoreSummary>('import-data', { backup, dryRun })
}

export function useDryRun() {
  return useMutation({
    mutationFn: async (file: File) => {
      const backup = await readBackup(file)
      return { file, backup, summary: await restoreData(backup, true) }
    },
    meta: { silent: true },
  })
}

export function useRestore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (backup: Backup) => restoreData(backup, false),
    onSuccess: (summary) => {
      void queryClient.invalidateQueries()
      toast.success('Data restored', { description: `${summary.counts.tasks} tasks, ${summary.counts.notes} notes and ${summary.counts.journals} journal entries are back.` })
    },
    meta: { silent: true },
  })
}
