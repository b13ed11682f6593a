import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { downloadText } from '@/lib/download'
import { type Progress, watchProgress } from '@/lib/fetch-progress'
import { invokeFunction } from '@/lib/functions'
import { toast } from '@/lib/toast'

export type ExportFormat = 'json' | 'csv'

/** The export of 000 §7: profile, tasks, notes, journals and exportedAt (plus projects and folders). */
export type Backup = {
  profile: Record<string, unknown> | null
  tasks: Record<string, unknown>[]
  notes: Record<string, unknown>[]
  journals: Record<string, unknown>[]
  projects?: Record<string, unknown>[]
  noteFolders?: Record<string, unknown>[]
  journalFolders?: Record<string, unknown>[]
  exportedAt: string
}

/** Share of an export received, 0..1, or null while unknown: rows arrive one a line. */
export function shareOf(p: Progress | null): number | null {
  if (!p || p.total === null) return null
  if (p.total === 0) return 1
  return Math.min(1, p.lines / p.total)
}

function today(): string {
  return new Date().toISOString().slice(0, 10)
}

/**
 * Downloads the export from the export-data function (streamed by the
 * server, as the user, 000 §7): the JSON backup or the tasks as CSV, with
 * the download's progress.
 */
export async function exportData(format: ExportFormat, onProgress: (p: Progress) => void): Promise<void> {
  const watch = watchProgress(onProgress)
  try {
    if (format === 'csv') {
      const csv = await invokeFunction<string>('export-data', { format }, { headers: watch.headers })
      downloadText(`daybase-tasks-${today()}.csv`, csv, 'text/csv')
      return
    }
    const backup = await invokeFunction<Backup>('export-data', { format }, { headers: watch.headers })
    downloadText(`daybase-export-${backup.exportedAt.slice(0, 10)}.json`, JSON.stringify(backup, null, 2), 'application/json')
  } finally {
    watch.stop()
  }
}

/** The export with its progress; 'Data exported' or 'Export failed' (000 §8). */
export function useExportData() {
  const [progress, setProgress] = useState<Progress | null>(null)
  const mutation = useMutation({
    mutationFn: (format: ExportFormat) => {
      setProgress(null)
      return exportData(format, setProgress)
    },
    onSuccess: () => toast.success('Data exported'),
    onError: (e) => toast.error('Export failed', { description: e.message }),
  })
  return { ...mutation, progress }
}
