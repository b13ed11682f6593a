import {
  DotsSixVertical,
  DownloadSimple,
  FolderSimple,
  MagnifyingGlass,
  Notebook,
  Plus,
  PushPin,
  SortAscending,
  UploadSimple,
  UsersThree,
} from '@phosphor-icons/react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { LoadFailed } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { EmptyState } from '@/components/ui/empty-state'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { downloadBlob } from '@/lib/download'
import { describeError } from '@/lib/errors'
import { relativeTime } from '@/lib/relative-time'
import { toast } from '@/lib/toast'
import { exportNotes } from '../api/export-notes'
import { useFolders } from '../api/get-folders'
import { type NoteSummary, useNotes } from '../api/get-notes'
import { type NoteSort, useNotesUiStore } from '../stores/notes-ui-store'
import { type FolderFilter, folderFilterOf, folderSwatch, inFolder, sortNotes } from '../utils/folders'
import { notePreview, noteTitle } from '../utils/note-text'
import { FolderMenu } from './folder-menu'
import { NoteRowMenu } from './note-row-menu'
import { useDraggableNote } from './notes-dnd'

/** Row height (px): title, preview and the meta line. The list is virtual: only rows on screen exist. */
const ROW = 84

const SORTS: { value: NoteSort; label: string }[] = [
  { value: 'updated', label: 'Last updated' },
  { value: 'created', label: 'Date created' },
  { value: 'title', label: 'Title' },
]

const NoteRow = memo(function NoteRow({
  note,
  userId,
  showFolder,
  swatch,
}: {
  note: NoteSummary
  userId: string
  showFolder: boolean
  swatch: string | undefined
}) {
  const drag = useDraggableNote(`list:${note.id}`, note)
  // The row's menu mounts once the pointer or the focus comes to the row (NoteRowMenu).
  const [armed, setArmed] = useState(false)
  const arm = useCallback(() => setArmed(true), [])
  const title = noteTitle(note.title)
  const preview = notePreview(note.preview)
  return (
    <div
      ref={drag.setNodeRef}
      {...drag.rowProps}
      onPointerEnter={arm}
      onFocus={arm}
      className={cn(
        'group relative flex h-full items-start gap-2 border-b px-2 py-3 hover:bg-accent/50 md:px-4',
        drag.isDragging && 'opacity-40',
      )}
    >
      <button
        type="button"
        aria-label={`Move ${title} to a folder`}
        className="mt-0.5 hidden size-6 shrink-0 cursor-grab items-center justify-center rounded text-muted-foreground opacity-0 outline-none group-hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring md:flex"
        {...drag.handleProps}
      >
        <DotsSixVertical size={16} aria-hidden />
      </button>
      <Link
        to={`/app/notes/${note.id}`}
        className="min-w-0 flex-1 rounded-sm outline-none after:absolute after:inset-0 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex items-center gap-1.5">
          {note.pinned ? <PushPin size={14} weight="fill" className="shrink-0 text-primary" aria-label="Pinned" /> : null}
          <span className={cn('truncate text-sm font-medium', !note.title && 'text-muted-foreground')}>{title}</span>
        </span>
        <span className="mt-0.5 block truncate text-sm text-muted-foreground">{preview || 'No text'}</span>
        <span className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
          <time dateTime={note.updated_at}>{relativeTime(note.updated_at)}</time>
          {showFolder && note.folder ? (
            <span className="flex min-w-0 items-center gap-1">
              <FolderSimple size={12} weight="fill" aria-hidden style={swatch ? { color: swatch } : undefined} />
              <span className="truncate">{note.folder}</span>
            </span>
          ) : null}
          {note.is_shared ? (
            <span className="flex items-center gap-1">
              <UsersThree size={12} aria-hidden /> Shared
            </span>
          ) : null}
        </span>
      </Link>
      {/* Above the row's link (after:inset-0) so it stays clickable. */}
      <div className="relative z-10 opacity-100 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100 md:has-[[data-state=open]]:opacity-100">
        <NoteRowMenu userId={userId} note={note} armed={armed} />
      </div>
    </div>
  )
})

function ListSkeleton() {
  return (
    <div aria-hidden className="divide-y">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="grid gap-2 px-4 py-3 md:px-6" style={{ height: ROW }}>
          <div className="h-4 w-1/3 rounded bg-muted" />
          <div className="h-3.5 w-3/4 rounded bg-muted/70" />
          <div className="h-3 w-24 rounded bg-muted/60" />
        </div>
      ))}
    </div>
  )
}

const rowSize = () => ROW

/**
 * The notes, pinned first then by the chosen order, drawn as a virtual list
 * in `scroller`: a thousand notes cost what twenty do. The scroller is the
 * one the skeleton was drawn in while the notes loaded, so its size is
 * known (and read without a layout) before the first rows are drawn: the
 * first commit has every row on screen, with no second render once the
 * virtualiser has measured it. (With the notes already in the cache, the
 * scroller and the list mount together: the list draws once the scroller's
 * element is known.)
 */
function VirtualNotes({
  scroller,
  notes,
  userId,
  showFolder,
  swatches,
}: {
  scroller: HTMLDivElement | null
  notes: NoteSummary[]
  userId: string
  showFolder: boolean
  swatches: Map<string, string>
}) {
  const [initialRect] = useState(() => ({ width: scroller?.clientWidth ?? 0, height: scroller?.clientHeight ?? 0 }))
  const virtual = useVirtualizer({
    count: notes.length,
    getScrollElement: () => scroller,
    estimateSize: rowSize,
    overscan: 6,
    initialRect,
    getItemKey: useCallback((i: number) => notes[i]?.id ?? i, [notes]),
  })
  return (
    <ul aria-label="Notes" className="relative w-full" style={{ height: virtual.getTotalSize() }}>
      {virtual.getVirtualItems().map((item) => {
        const note = notes[item.index]
        if (!note) return null
        return (
          <li
            key={item.key}
            aria-setsize={notes.length}
            aria-posinset={item.index + 1}
            className="absolute top-0 left-0 w-full"
            style={{ height: ROW, transform: `translateY(${item.start}px)` }}
          >
            <NoteRow note={note} userId={userId} showFolder={showFolder} swatch={note.folder ? swatches.get(note.folder.toLowerCase()) : undefined} />
          </li>
        )
      })}
    </ul>
  )
}

function titleOf(filter: FolderFilter): string {
  if (filter.kind === 'all') return 'All Notes'
  if (filter.kind === 'uncategorized') return 'Uncategorized'
  return filter.name || 'Folder'
}

/** /app/notes, ?folder={id}&folderName={name} and ?folder=uncategorized (002 §2). */
export function NotesListScreen({ userId }: { userId: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const filter = folderFilterOf(params)
  const notes = useNotes(userId)
  const folders = useFolders(userId)
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null)
  const { sort, setSort, setImportOpen } = useNotesUiStore()
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const folder = filter.kind === 'folder' ? folders.data?.find((f) => f.id === filter.id) : undefined
  const folderName = folder?.name ?? (filter.kind === 'folder' ? filter.name : '')

  const swatches = useMemo(() => new Map((folders.data ?? []).map((f) => [f.name.toLowerCase(), folderSwatch(f.color)])), [folders.data])
  const shown = useMemo(() => {
    if (!notes.data) return []
    const q = deferredQuery.trim().toLowerCase()
    const inView = notes.data.filter((n) =>
      filter.kind === 'all' ? true : filter.kind === 'uncategorized' ? !n.folder : inFolder(n, folderName),
    )
    const matched = q ? inView.filter((n) => n.title.toLowerCase().includes(q) || n.preview.toLowerCase().includes(q)) : inView
    return sortNotes(matched, sort)
  }, [notes.data, filter.kind, folderName, deferredQuery, sort])

  const newNoteHref = filter.kind === 'folder' && folderName ? `/app/notes/new?folder=${encodeURIComponent(folderName)}` : '/app/notes/new'
  const title = filter.kind === 'folder' ? folderName || 'Folder' : titleOf(filter)
  const exportShown = async () => {
    if (shown.length === 0) return
    try {
      const file = await exportNotes(
        shown.map((n) => n.id),
        `daybase-notes-${new Date().toISOString().slice(0, 10)}`,
      )
      downloadBlob(file.name, file)
      toast.success('Notes exported', { description: `${shown.length} note${shown.length === 1 ? '' : 's'} as markdown.` })
    } catch (e) {
      toast.error('Export failed', { description: describeError(e) })
    }
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b px-4 py-3 md:px-6">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          {filter.kind === 'folder' ? (
            <FolderSimple size={22} weight="duotone" aria-hidden style={{ color: folder ? folderSwatch(folder.color) : undefined }} />
          ) : null}
          <h1 className="truncate text-xl font-semibold tracking-tight">{title}</h1>
          {notes.data ? (
            <span className="text-sm text-muted-foreground tabular-nums">
              {shown.length} note{shown.length === 1 ? '' : 's'}
            </span>
          ) : null}
          {folder ? <FolderMenu folder={folder} label="Folder actions" align="start" /> : null}
        </div>
        <div className="flex items-center gap-2">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="icon" aria-label="Sort and export">
                <SortAscending size={18} aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>Sort by</DropdownMenuLabel>
              <DropdownMenuRadioGroup value={sort} onValueChange={(v) => setSort(v as NoteSort)}>
                {SORTS.map((s) => (
                  <DropdownMenuRadioItem key={s.value} value={s.value}>
                    {s.label}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => setImportOpen(true)}>
                <UploadSimple size={16} aria-hidden /> Import markdown…
              </DropdownMenuItem>
              <DropdownMenuItem disabled={shown.length === 0} onSelect={() => void exportShown()}>
                <DownloadSimple size={16} aria-hidden /> Export {shown.length === 1 ? 'note' : `${shown.length} notes`} as Markdown
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <Button asChild>
            <Link to={newNoteHref}>
              <Plus size={16} aria-hidden /> New note
            </Link>
          </Button>
        </div>
        <div className="relative w-full">
          <MagnifyingGlass size={16} aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Filter notes"
            placeholder={`Filter ${title.toLowerCase() === 'all notes' ? 'notes' : title}…`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="pl-8"
          />
        </div>
      </header>
      {notes.isPending || (notes.isSuccess && shown.length > 0) ? (
        // One scroller for the skeleton and then the notes (VirtualNotes reads its size).
        <div ref={setScroller} className="min-h-0 flex-1 overflow-y-auto" data-testid="notes-scroller">
          {notes.isPending ? (
            <ListSkeleton />
          ) : (
            <VirtualNotes scroller={scroller} notes={shown} userId={userId} showFolder={filter.kind === 'all'} swatches={swatches} />
          )}
        </div>
      ) : notes.isError ? (
        <LoadFailed what="Could not load your notes" error={notes.error} onRetry={() => void notes.refetch()} />
      ) : query.trim() ? (
        <EmptyState icon={MagnifyingGlass} title="No matching notes" description={`No note here has “${query.trim()}” in its title or first lines.`} />
      ) : notes.data.length === 0 ? (
        <EmptyState icon={Notebook} title="No notes yet" description="Write your first note, or bring your notes along from markdown files.">
          <Button onClick={() => navigate('/app/notes/new')}>
            <Plus size={16} aria-hidden /> New note
          </Button>
          <Button variant="outline" onClick={() => setImportOpen(true)}>
            <UploadSimple size={16} aria-hidden /> Import markdown
          </Button>
        </EmptyState>
      ) : (
        <EmptyState
          icon={FolderSimple}
          title={filter.kind === 'uncategorized' ? 'Every note is in a folder' : `No notes in ${title}`}
          description={filter.kind === 'uncategorized' ? 'Notes without a folder show here.' : 'Create a note here, or drag notes onto this folder in the sidebar.'}
        >
          <Button onClick={() => navigate(newNoteHref)}>
            <Plus size={16} aria-hidden /> New note
          </Button>
        </EmptyState>
      )}
    </div>
  )
}
