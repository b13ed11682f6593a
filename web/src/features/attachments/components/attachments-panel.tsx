import { CaretDown, File, FilePdf, LinkBreak, LinkSimple, Paperclip, Trash, UploadSimple } from '@phosphor-icons/react'
import { type ChangeEvent, type ReactNode, memo, useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useQueryClient } from '@tanstack/react-query'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { describeError, isPlanLimitError } from '@/lib/errors'
import { previewOf } from '@/lib/markdown-text'
import { relativeTime } from '@/lib/relative-time'
import { toast } from '@/lib/toast'
import { usePostgresChanges } from '@/lib/use-postgres-changes'
import { type Attachment, attachmentKeys, deleteAttachment, sessionToken, signAttachment, uploadAttachment, useAttachments, useInvalidateAttachments, withAttachment, withUrl } from '../api/attachments'
import { type LinkedContent, linkedKeys, useLinkToggle, useLinkedContent } from '../api/linked-content'
import { CONCURRENT, MB, checkBatch, checkSignatures, formatBytes, previewKind } from '../utils/files'
import { uploadCounter, uploadRateProblem } from '../utils/rate'
import { AttachContentDialog, KIND_ICON, KIND_LABEL } from './attach-content-dialog'
import { PreviewDialog } from './preview-dialog'

type Upload = { key: string; name: string; size: number; sent: number }

let nextKey = 0

/** Runs jobs with at most `limit` at once (002 §9: 3 concurrent uploads). */
async function pool<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await job(item)
    }),
  )
}

function Thumb({ a }: { a: Attachment }) {
  const kind = previewKind(a.mime_type)
  // Sized and decoded off the main thread, so 50 thumbnails neither shift the list nor block a frame.
  if (kind === 'image' && a.url) return <img src={a.url} alt="" width={40} height={40} loading="lazy" decoding="async" className="size-10 shrink-0 rounded object-cover" />
  const Icon = kind === 'pdf' ? FilePdf : File
  return (
    <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground">
      <Icon size={20} />
    </span>
  )
}

/**
 * One file of the list. Memoized: an upload's progress redraws the panel
 * once a frame, and 50 rows re-rendered on each would take the frame.
 */
const FileRow = memo(function FileRow({ a, mine, onPreview, onRemove }: { a: Attachment; mine: boolean; onPreview: (a: Attachment) => void; onRemove: (a: Attachment) => void }) {
  return (
    <li className="group flex items-center gap-2 rounded-md p-1 hover:bg-accent/50">
      <button
        type="button"
        onClick={() => onPreview(a)}
        aria-label={`Preview ${a.filename}`}
        className="flex min-w-0 flex-1 items-center gap-2 rounded text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Thumb a={a} />
        <span className="grid min-w-0">
          <span className="truncate text-sm">{a.filename}</span>
          <span className="truncate text-xs text-muted-foreground">
            {formatBytes(a.file_size)} · {relativeTime(a.created_at)}
          </span>
        </span>
      </button>
      {mine ? (
        <Button variant="ghost" size="icon-sm" aria-label={`Delete ${a.filename}`} onClick={() => onRemove(a)}>
          <Trash size={14} aria-hidden />
        </Button>
      ) : null}
    </li>
  )
})

type Tab = 'all' | 'files' | 'notes' | 'journal'

/** A collapsible group of the panel (002 §2); its open state survives tab changes. */
function Group({ id, title, count, open, onToggle, children }: { id: string; title: string; count: number; open: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
        className="flex items-center gap-1 rounded text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CaretDown size={12} aria-hidden className={cn('transition-transform', !open && '-rotate-90')} />
        {title}
        <span className="font-normal tabular-nums">({count})</span>
      </button>
      {open ? <div id={id}>{children}</div> : null}
    </div>
  )
}

function LinkedRow({ item, mine, canUnlink, onUnlink }: { item: LinkedContent; mine: boolean; canUnlink: boolean; onUnlink: () => void }) {
  const Icon = KIND_ICON[item.content_type]
  const title = item.title || 'Untitled'
  const inner = (
    <>
      <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground">
        <Icon size={20} weight="duotone" />
      </span>
      <span className="grid min-w-0">
        <span className="truncate text-sm">{title}</span>
        <span className="truncate text-xs text-muted-foreground">
          {KIND_LABEL[item.content_type]} · linked {relativeTime(item.linked_at)}
          {item.content_markdown ? ` · ${previewOf(item.content_markdown)}` : ''}
        </span>
      </span>
    </>
  )
  const href = item.content_type === 'note' ? `/app/notes/${item.content_id}` : `/app/journal/${item.content_id}`
  return (
    <li className="group flex items-center gap-2 rounded-md p-1 hover:bg-accent/50" aria-label={`${KIND_LABEL[item.content_type]} ${title}`}>
      {mine ? (
        <Link to={href} className="flex min-w-0 flex-1 items-center gap-2 rounded outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {inner}
        </Link>
      ) : (
        <span className="flex min-w-0 flex-1 items-center gap-2">{inner}</span>
      )}
      {canUnlink ? (
        <Button variant="ghost" size="icon-sm" aria-label={`Unlink ${title}`} onClick={onUnlink}>
          <LinkBreak size={14} aria-hidden />
        </Button>
      ) : null}
    </li>
  )
}

type Props = {
  task: { id: string }
  /** The plan's largest file (000 §9: 10 MB on Free, 100 MB on Pro and Team). */
  maxFileMB: number
  showPaywall: (message: string) => void
}

/**
 * A task's files and linked notes and journal entries (002 §2, §4, §5):
 * tabs All, Files, Notes and Journal over collapsible groups; upload by the
 * button or by dropping files anywhere on the task pane, with 002 §5's
 * checks and per-session rates before the upload (the storage server and
 * 0206 check them again) and progress per file; thumbnails, the preview
 * dialog, download, deleting one's own; the attach-content dialog.
 */
export function AttachmentsPanel({ task, maxFileMB, showPaywall }: Props) {
  const user = useRequiredUser()
  const list = useAttachments(task.id)
  const linked = useLinkedContent(task.id)
  const { link, unlink } = useLinkToggle(task.id, user.id)
  const queryClient = useQueryClient()
  const refresh = useInvalidateAttachments(task.id)
  const [uploads, setUploads] = useState<Upload[]>([])
  const active = useRef(0)
  const [dragging, setDragging] = useState(false)
  const [preview, setPreview] = useState<Attachment | null>(null)
  const [tab, setTab] = useState<Tab>('all')
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({})
  const [attaching, setAttaching] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const section = useRef<HTMLElement>(null)
  // Read again at each join too (what was attached while nobody listened).
  usePostgresChanges(
    { table: 'task_attachments', filter: `task_id=eq.${task.id}` },
    () => void refresh(),
    () => void refresh(),
  )

  // Progress events come faster than frames; the bar is redrawn at most once a frame.
  const throttledProgress = (key: string) => {
    let frame = 0
    let sent = 0
    return (n: number) => {
      sent = n
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        setUploads((u) => u.map((x) => (x.key === key ? { ...x, sent } : x)))
      })
    }
  }

  const start = async (files: File[]) => {
    performance.mark('daybase:upload:picked')
    // The session is read while the files are checked (both wait on the browser, not on each other).
    const token = sessionToken().catch(() => null)
    const batch = checkBatch(files, maxFileMB * MB)
    // The signature check reads each file's first bytes, so a mislabelled file is refused before it is sent.
    const signed = await checkSignatures(batch.accepted)
    performance.mark('daybase:upload:checked')
    const { accepted } = signed
    const { warnings } = batch
    const errors = [...batch.errors, ...signed.errors]
    if (errors.length) toast.error('Upload validation failed', { description: `File validation failed: ${errors.slice(0, 3).join('; ')}` })
    if (warnings.length) toast.error('Upload warnings', { description: warnings.join('; ') })
    if (!accepted.length) return
    const limited = uploadRateProblem(uploadCounter.read(), accepted.map((f) => f.size), active.current, Date.now())
    if (limited) {
      toast.error('Upload failed', { description: limited })
      return
    }
    const items = accepted.map((file) => ({ file, key: String(++nextKey) }))
    for (const { file } of items) uploadCounter.add(file.size)
    active.current += items.length
    setUploads((u) => [...u, ...items.map(({ file, key }) => ({ key, name: file.name, size: file.size, sent: 0 }))])
    // The first upload uses the session read during the checks; later ones (of a long batch) read it again.
    let early: Promise<string | null> | null = token
    const fresh = () => {
      const t = early ?? sessionToken()
      early = null
      return t
    }
    await pool(items, CONCURRENT, async ({ file, key }) => {
      try {
        const added = await uploadAttachment(user.id, task.id, file, fresh(), throttledProgress(key))
        // The recorded row goes straight into the list. Its URL (for the
        // thumbnail and the preview) follows in the background; the re-read
        // that realtime sets off brings everyone else's changes.
        const listKey = attachmentKeys.task(task.id)
        queryClient.setQueryData<Attachment[]>(listKey, (list) => withAttachment(list, added))
        toast.success('Attachment uploaded', { description: file.name })
        if (added.local_path) {
          void signAttachment(added.local_path).then((url) => queryClient.setQueryData<Attachment[]>(listKey, (list) => withUrl(list, added.id, url)))
        }
      } catch (error) {
        if (isPlanLimitError(error)) showPaywall(describeError(error))
        else toast.error('Upload failed', { description: describeError(error) })
      } finally {
        active.current -= 1
        setUploads((u) => u.filter((x) => x.key !== key))
      }
    })
  }
  const startRef = useRef(start)
  startRef.current = start

  // Files dropped anywhere on the task pane (or the modal) land here.
  useEffect(() => {
    const zone = section.current?.closest('aside, [role="dialog"]') ?? section.current
    if (!zone) return
    let depth = 0
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false
    const enter = (e: Event) => {
      if (!hasFiles(e as DragEvent)) return
      depth++
      setDragging(true)
    }
    const over = (e: Event) => {
      if (hasFiles(e as DragEvent)) e.preventDefault()
    }
    const leave = () => {
      depth = Math.max(0, depth - 1)
      if (!depth) setDragging(false)
    }
    const drop = (e: Event) => {
      const files = [...((e as DragEvent).dataTransfer?.files ?? [])]
      if (!files.length) return
      e.preventDefault()
      depth = 0
      setDragging(false)
      void startRef.current(files)
    }
    zone.addEventListener('dragenter', enter)
    zone.addEventListener('dragover', over)
    zone.addEventListener('dragleave', leave)
    zone.addEventListener('drop', drop)
    return () => {
      zone.removeEventListener('dragenter', enter)
      zone.removeEventListener('dragover', over)
      zone.removeEventListener('dragleave', leave)
      zone.removeEventListener('drop', drop)
    }
  }, [])

  const removeRef = useRef<(a: Attachment) => Promise<void>>(async () => {})
  const onRemove = useCallback((a: Attachment) => void removeRef.current(a), [])
  removeRef.current = async (a: Attachment) => {
    try {
      await deleteAttachment(a)
      toast.success('Attachment deleted')
    } catch (error) {
      toast.error('Delete failed', { description: describeError(error) })
    } finally {
      await refresh()
    }
  }

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])]
    e.target.value = ''
    void start(files)
  }

  const files = list.data ?? []
  const links = linked.data ?? []
  const notes = links.filter((l) => l.content_type === 'note')
  const entries = links.filter((l) => l.content_type === 'journal')
  const total = files.length + links.length
  const toggle = (g: string) => setCollapsed((c) => ({ ...c, [g]: !c[g] }))
  const shown = (g: 'files' | 'notes' | 'journal') => tab === 'all' || tab === g

  const fileList = (
    <ul className="grid gap-1" aria-label="Files">
      {files.map((a) => (
        <FileRow key={a.id} a={a} mine={a.user_id === user.id} onPreview={setPreview} onRemove={onRemove} />
      ))}
    </ul>
  )
  const linkedList = (items: LinkedContent[], label: string) => (
    <ul className="grid gap-1" aria-label={label}>
      {items.map((l) => (
        <LinkedRow key={`${l.content_type}-${l.content_id}`} item={l} mine={l.author_id === user.id} canUnlink={l.linked_by === user.id} onUnlink={() => unlink(l)} />
      ))}
    </ul>
  )
  const emptyText = { all: 'No attachments yet', files: 'No files yet', notes: 'No linked notes yet', journal: 'No linked journal entries yet' }[tab]
  const tabCount = { all: total, files: files.length, notes: notes.length, journal: entries.length }[tab]

  return (
    <section ref={section} aria-labelledby={`files-${task.id}`} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`files-${task.id}`} className="text-sm font-semibold">
          Attachments{total ? <span className="ml-1 font-normal text-muted-foreground">({total})</span> : null}
        </h3>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setAttaching(true)}>
            <LinkSimple size={14} aria-hidden />
            Attach content
          </Button>
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            <UploadSimple size={14} aria-hidden />
            Attach files
          </Button>
        </div>
        <input ref={input} type="file" multiple hidden aria-label="Attach files" onChange={onPick} />
      </div>
      <div
        aria-hidden={!dragging}
        className={cn(
          'rounded-md border-2 border-dashed p-3 text-center text-xs text-muted-foreground transition-colors',
          dragging ? 'border-primary bg-primary/5 text-primary' : 'border-border',
        )}
      >
        {dragging ? 'Drop the files to attach them' : `Drop files on the task to attach them · up to ${maxFileMB} MB each, 5 at once`}
      </div>
      {uploads.length ? (
        <ul className="grid gap-2" aria-label="Uploads in progress">
          {uploads.map((u) => {
            const pct = u.size ? Math.min(100, Math.round((u.sent / u.size) * 100)) : 0
            return (
              <li key={u.key} className="grid gap-1 text-sm">
                <div className="flex justify-between gap-2">
                  <span className="truncate">{u.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{pct}%</span>
                </div>
                <div role="progressbar" aria-label={`Uploading ${u.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} className="h-1.5 overflow-hidden rounded-full bg-muted">
                  <div className="h-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
                </div>
              </li>
            )
          })}
        </ul>
      ) : null}
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList aria-label="Show">
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="files">Files</TabsTrigger>
          <TabsTrigger value="notes">Notes</TabsTrigger>
          <TabsTrigger value="journal">Journal</TabsTrigger>
        </TabsList>
      </Tabs>
      {list.isPending || linked.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading attachments">
          {[0, 1].map((i) => (
            <div key={i} className="flex items-center gap-2">
              <Skeleton className="size-10" />
              <Skeleton className="h-4 flex-1" />
            </div>
          ))}
        </div>
      ) : list.isError || linked.isError ? (
        <div role="alert" className="flex items-center justify-between gap-2 rounded-md border border-destructive/40 p-2 text-sm">
          <span>Failed to fetch attachments</span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              void list.refetch()
              void linked.refetch()
            }}
          >
            Try again
          </Button>
        </div>
      ) : tabCount === 0 && !uploads.length ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Paperclip size={16} aria-hidden />
          {emptyText}
        </p>
      ) : (
        <div className="grid gap-3">
          {shown('files') && files.length ? (
            <Group id={`files-group-${task.id}`} title="Files" count={files.length} open={!collapsed.files} onToggle={() => toggle('files')}>
              {fileList}
            </Group>
          ) : null}
          {shown('notes') && notes.length ? (
            <Group id={`notes-group-${task.id}`} title="Notes" count={notes.length} open={!collapsed.notes} onToggle={() => toggle('notes')}>
              {linkedList(notes, 'Linked notes')}
            </Group>
          ) : null}
          {shown('journal') && entries.length ? (
            <Group id={`journal-group-${task.id}`} title="Journal" count={entries.length} open={!collapsed.journal} onToggle={() => toggle('journal')}>
              {linkedList(entries, 'Linked journal entries')}
            </Group>
          ) : null}
        </div>
      )}
      {/* The list's copy: a file opened before its signed URL came gets it when it comes. */}
      {preview ? <PreviewDialog attachment={files.find((f) => f.id === preview.id) ?? preview} onClose={() => setPreview(null)} /> : null}
      {attaching ? (
        <AttachContentDialog
          open={attaching}
          onOpenChange={setAttaching}
          taskId={task.id}
          userId={user.id}
          linked={links}
          onLink={link}
          showPaywall={showPaywall}
          onCreated={() => void queryClient.invalidateQueries({ queryKey: linkedKeys.task(task.id) })}
        />
      ) : null}
    </section>
  )
}
