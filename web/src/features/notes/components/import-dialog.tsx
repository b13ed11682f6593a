import { FileArchive, FolderOpen, UploadSimple } from '@phosphor-icons/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type DragEvent, useRef, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { cn } from '@/lib/cn'
import { describeError, isPlanLimitError } from '@/lib/errors'
import { toast } from '@/lib/toast'
import { useFolders } from '../api/get-folders'
import { type ImportProgress, importNotes } from '../api/import-notes'
import { noteKeys } from '../api/keys'
import { useNotesUiStore } from '../stores/notes-ui-store'
import { type ImportedNote, type SkippedFile, isMarkdownPath, isSkipped, noteFromFile } from '../utils/markdown-files'

type Picked = { notes: ImportedNote[]; skipped: SkippedFile[]; folders: string[] }

/** Whether every path starts with the same folder (a zipped folder): that folder is not a note folder. */
function sharedTop(paths: string[]): boolean {
  const tops = new Set(paths.map((p) => (p.includes('/') ? p.split('/')[0] : '')))
  return tops.size === 1 && !tops.has('')
}

/** Reads picked files (a folder's, several .md files, or .zip archives) into notes. */
async function readPicked(files: File[]): Promise<Picked> {
  const entries: { path: string; text: string; dropFirst: boolean }[] = []
  const skipped: SkippedFile[] = []
  const decoder = new TextDecoder('utf-8')
  for (const file of files) {
    if (/\.zip$/i.test(file.name) || file.type === 'application/zip') {
      const { unzipSync } = await import('fflate')
      let unzipped: Record<string, Uint8Array>
      try {
        unzipped = unzipSync(new Uint8Array(await file.arrayBuffer()), { filter: (f) => isMarkdownPath(f.name) && !f.name.endsWith('/') })
      } catch {
        skipped.push({ path: file.name, reason: 'not a readable zip archive' })
        continue
      }
      const paths = Object.keys(unzipped)
      const dropFirst = sharedTop(paths)
      for (const path of paths) entries.push({ path, text: decoder.decode(unzipped[path]), dropFirst })
      continue
    }
    const path = file.webkitRelativePath || file.name
    if (!isMarkdownPath(path)) {
      if (!path.split('/').some((p) => p.startsWith('.'))) skipped.push({ path, reason: 'not a markdown file' })
      continue
    }
    entries.push({ path, text: await file.text(), dropFirst: !!file.webkitRelativePath })
  }
  const notes: ImportedNote[] = []
  for (const e of entries) {
    const r = noteFromFile(e.path, e.text, e.dropFirst)
    if (isSkipped(r)) skipped.push(r)
    else notes.push(r)
  }
  const folders = [...new Set(notes.map((n) => n.folder).filter((f): f is string => !!f))]
  return { notes, skipped, folders }
}

function ImportBody({ userId, onClose }: { userId: string; onClose: () => void }) {
  const queryClient = useQueryClient()
  const folders = useFolders(userId)
  const folderInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const [picked, setPicked] = useState<Picked | null>(null)
  const [reading, setReading] = useState(false)
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const [over, setOver] = useState(false)
  const run = useMutation({
    mutationFn: (p: Picked) => importNotes(userId, p.notes, (folders.data ?? []).map((f) => f.name), setProgress),
    onSuccess: ({ imported, foldersCreated }) => {
      toast.success('Notes imported', {
        description: `${imported} note${imported === 1 ? '' : 's'}${foldersCreated.length ? `, ${foldersCreated.length} new folder${foldersCreated.length === 1 ? '' : 's'}` : ''}.`,
      })
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: noteKeys.allFolders() })
    },
    // The dialog shows what happened; a plan cap still opens the paywall.
    meta: { silent: true },
  })

  const pick = async (files: File[]) => {
    if (files.length === 0) return
    setReading(true)
    try {
      setPicked(await readPicked(files))
    } finally {
      setReading(false)
    }
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    void pick([...e.dataTransfer.files])
  }

  if (run.isSuccess) {
    const { imported, foldersCreated } = run.data
    return (
      <div className="grid gap-4">
        <Alert variant="success">
          {imported} note{imported === 1 ? '' : 's'} imported
          {foldersCreated.length ? ` into ${foldersCreated.length} new folder${foldersCreated.length === 1 ? '' : 's'}` : ''}.
        </Alert>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </div>
    )
  }

  if (run.isPending || run.isError) {
    const done = progress?.done ?? 0
    const total = progress?.total ?? picked?.notes.length ?? 0
    return (
      <div className="grid gap-4">
        <div className="grid gap-2">
          <div className="flex justify-between text-sm">
            <span id="import-progress-label">{run.isError ? 'Import stopped' : 'Importing notes…'}</span>
            <span className="tabular-nums text-muted-foreground">
              {done} of {total}
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="import-progress-label"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${total ? (done / total) * 100 : 0}%` }} />
          </div>
        </div>
        {run.isError ? (
          <Alert variant="destructive">
            {isPlanLimitError(run.error) ? `${describeError(run.error)}. ` : `${describeError(run.error)} `}
            {done > 0 ? `The first ${done} notes were imported.` : 'Nothing was imported.'}
          </Alert>
        ) : null}
        {run.isError ? (
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </DialogFooter>
        ) : null}
      </div>
    )
  }

  return (
    <div className="grid gap-4">
      <div
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn('grid justify-items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center', over && 'border-primary bg-primary/5')}
      >
        <UploadSimple size={28} weight="duotone" aria-hidden className="text-muted-foreground" />
        <p className="text-sm text-muted-foreground">Drop markdown files or a .zip here, or choose:</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={() => folderInput.current?.click()}>
            <FolderOpen size={16} aria-hidden /> Choose a folder
          </Button>
          <Button variant="outline" onClick={() => fileInput.current?.click()}>
            <FileArchive size={16} aria-hidden /> Choose files or a .zip
          </Button>
        </div>
        <input
          ref={folderInput}
          type="file"
          className="hidden"
          aria-label="Folder of markdown files"
          {...{ webkitdirectory: '', directory: '' }}
          multiple
          onChange={(e) => void pick([...(e.target.files ?? [])])}
        />
        <input
          ref={fileInput}
          type="file"
          className="hidden"
          aria-label="Markdown files or zip archives"
          accept=".md,.markdown,.txt,.zip,text/markdown,application/zip"
          multiple
          onChange={(e) => void pick([...(e.target.files ?? [])])}
        />
      </div>
      {reading ? <p className="text-sm text-muted-foreground">Reading files…</p> : null}
      {picked ? (
        <div className="grid gap-2 text-sm" aria-live="polite">
          <p>
            <strong>{picked.notes.length}</strong> note{picked.notes.length === 1 ? '' : 's'} found
            {picked.folders.length ? ` in ${picked.folders.length} folder${picked.folders.length === 1 ? '' : 's'} (${picked.folders.slice(0, 4).join(', ')}${picked.folders.length > 4 ? '…' : ''})` : ''}.
          </p>
          {picked.skipped.length > 0 ? (
            <details className="text-muted-foreground">
              <summary>
                {picked.skipped.length} file{picked.skipped.length === 1 ? '' : 's'} skipped
              </summary>
              <ul className="mt-1 max-h-32 list-disc overflow-y-auto pl-5">
                {picked.skipped.map((s) => (
                  <li key={s.path}>
                    {s.path}: {s.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!picked || picked.notes.length === 0} onClick={() => picked && run.mutate(picked)}>
          Import {picked?.notes.length ? `${picked.notes.length} note${picked.notes.length === 1 ? '' : 's'}` : 'notes'}
        </Button>
      </DialogFooter>
    </div>
  )
}

/** Import a folder of markdown files, or .md files, or a .zip, as notes (one note per file), with progress. */
export function ImportDialog({ userId }: { userId: string }) {
  const open = useNotesUiStore((s) => s.importOpen)
  const setOpen = useNotesUiStore((s) => s.setImportOpen)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import notes</DialogTitle>
          <DialogDescription>
            Each markdown file becomes a note: its first heading is the title, its folder the note’s folder.
          </DialogDescription>
        </DialogHeader>
        {open ? <ImportBody userId={userId} onClose={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}
