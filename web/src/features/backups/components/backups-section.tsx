import { DownloadSimple, FileArrowUp, Table } from '@phosphor-icons/react'
import { useRef, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { type ExportFormat, shareOf, useExportData } from '../api/export-data'
import { type RestoreCounts, useDryRun, useRestore } from '../api/restore-data'

const kb = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })
const number = new Intl.NumberFormat()

function ExportProgress({ format, progress }: { format: ExportFormat; progress: ReturnType<typeof useExportData>['progress'] }) {
  const share = shareOf(progress)
  const rows = progress?.total ?? null
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label={format === 'csv' ? 'Exporting tasks' : 'Exporting your data'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share === null ? undefined : Math.round(share * 100)}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={share === null ? 'h-full w-1/3 animate-pulse rounded-full bg-primary' : 'h-full rounded-full bg-primary transition-[width]'} style={share === null ? undefined : { width: `${share * 100}%` }} />
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {progress === null
          ? 'Preparing the export…'
          : rows !== null
            ? `${number.format(Math.min(progress.lines, rows))} of ${number.format(rows)} ${format === 'csv' ? 'tasks' : 'items'} · ${kb.format(progress.bytes / 1024)} KB`
            : `${kb.format(progress.bytes / 1024)} KB received`}
      </p>
    </div>
  )
}

const COUNT_LABELS: [keyof RestoreCounts, string, string][] = [
  ['tasks', 'task', 'tasks'],
  ['subtasks', 'of them subtask', 'of them subtasks'],
  ['completedTasks', 'completed', 'completed'],
  ['projects', 'project', 'projects'],
  ['notes', 'note', 'notes'],
  ['noteFolders', 'note folder', 'note folders'],
  ['journals', 'journal entry', 'journal entries'],
  ['journalFolders', 'journal', 'journals'],
]

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' })

/** Settings → Backups: the export of 000 §7 (JSON and tasks CSV) and a restore into an empty account. */
export function BackupsSection() {
  const exporter = useExportData()
  const [format, setFormat] = useState<ExportFormat>('json')
  const dryRun = useDryRun()
  const restore = useRestore()
  const [open, setOpen] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  const run = (f: ExportFormat) => {
    setFormat(f)
    exporter.mutate(f)
  }
  const choose = (file: File | undefined) => {
    if (!file) return
    restore.reset()
    dryRun.mutate(file)
    setOpen(true)
  }
  const summary = dryRun.data?.summary

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Download your tasks, notes and journal entries as one JSON file you can restore, or your tasks as a spreadsheet.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={exporter.isPending} onClick={() => run('json')}>
            <DownloadSimple size={16} aria-hidden />
            {exporter.isPending && format === 'json' ? 'Exporting…' : 'Export data (JSON)'}
          </Button>
          <Button variant="outline" disabled={exporter.isPending} onClick={() => run('csv')}>
            <Table size={16} aria-hidden />
            {exporter.isPending && format === 'csv' ? 'Exporting…' : 'Export tasks (CSV)'}
          </Button>
        </div>
        {exporter.isPending ? <ExportProgress format={format} progress={exporter.progress} /> : null}
      </div>

      <div className="grid gap-3">
        <h3 className="text-sm font-medium">Restore from a backup</h3>
        <p className="text-sm text-muted-foreground">
          Restore a JSON export into this account. It must be empty; you see what the backup holds before anything is written.
        </p>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          aria-label="Backup file"
          tabIndex={-1}
          onChange={(e) => {
            choose(e.target.files?.[0])
            e.target.value = ''
          }}
        />
        <Button variant="outline" className="justify-self-start" onClick={() => input.current?.click()}>
          <FileArrowUp size={16} aria-hidden /> Choose a backup file…
        </Button>
      </div>

      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Restore this backup?</DialogTitle>
            <DialogDescription>{dryRun.variables ? dryRun.variables.name : 'Checking the backup…'}</DialogDescription>
          </DialogHeader>
          {dryRun.isPending ? <p className="text-sm text-muted-foreground">Checking what the backup holds…</p> : null}
          {dryRun.isError ? <Alert variant="destructive">{dryRun.error.message}</Alert> : null}
          {summary ? (
            <div className="grid gap-3">
              <p className="text-sm">
                Made {dateTime.format(new Date(summary.exportedAt))}
                {summary.email ? ` from ${summary.email}` : ''}. Restoring creates:
              </p>
              <ul aria-label="What the restore creates" className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                {COUNT_LABELS.map(([key, one, many]) => (
                  <li key={key} className="flex justify-between gap-2 border-b py-1">
                    <span className="text-muted-foreground">{summary.counts[key] === 1 ? one : many}</span>
                    <span className="font-medium tabular-nums">{number.format(summary.counts[key])}</span>
                  </li>
                ))}
              </ul>
              {summary.notes.length ? (
                <ul className="grid list-disc gap-1 pl-5 text-xs text-muted-foreground">
                  {summary.notes.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {restore.isError ? <Alert variant="destructive">{restore.error.message}</Alert> : null}
          <DialogFooter>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              disabled={!dryRun.data || restore.isPending || restore.isSuccess}
              onClick={() => dryRun.data && restore.mutate(dryRun.data.backup, { onSuccess: () => setOpen(false) })}
            >
              {restore.isPending ? 'Restoring…' : 'Restore'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}
