import {
  Archive,
  CaretRight,
  DotsSixVertical,
  FolderSimple,
  type Icon,
  Note as NoteIcon,
  Notebook,
  Plus,
  UsersThree,
} from '@phosphor-icons/react'
import { type ReactNode, useMemo } from 'react'
import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { useFolders } from '../api/get-folders'
import { type NoteSummary, useNotes } from '../api/get-notes'
import { useSharedWithMe } from '../api/get-shared-with-me'
import { useNotesUiStore } from '../stores/notes-ui-store'
import { countByFolder, folderFilterOf, folderHref, folderSwatch, inFolder, sortNotes } from '../utils/folders'
import { noteTitle } from '../utils/note-text'
import { FolderMenu } from './folder-menu'
import { type DropTarget, useDraggableNote, useNoteDropTarget } from './notes-dnd'

const rowClass =
  'flex h-9 min-w-0 flex-1 items-center gap-2.5 rounded-md px-2.5 text-sm text-sidebar-foreground/85 outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring'
const activeClass = 'bg-sidebar-accent font-medium text-sidebar-accent-foreground'

function Count({ n }: { n: number | undefined }) {
  if (n === undefined) return null
  return <span className="ml-auto text-xs text-muted-foreground tabular-nums">{n}</span>
}

/** A link row that is also a drop target (All Notes is not: it has no folder to set). */
function DropRow({
  to,
  label,
  icon: IconComponent,
  count,
  active,
  target,
  dropId,
  onNavigate,
  leading,
  trailing,
  swatch,
}: {
  to: string
  label: string
  icon: Icon
  count: number | undefined
  active: boolean
  target?: DropTarget
  dropId?: string
  onNavigate?: (() => void) | undefined
  leading?: ReactNode
  trailing?: ReactNode
  swatch?: string
}) {
  const drop = useNoteDropTarget(dropId ?? 'all-notes', target ?? { kind: 'uncategorized' }, !target)
  const droppable = !!target
  return (
    <div
      ref={droppable ? drop.setNodeRef : undefined}
      className={cn(
        'group flex items-center gap-0.5 rounded-md',
        droppable && drop.isOver && 'bg-primary/10 ring-2 ring-primary',
      )}
    >
      {leading}
      <Link to={to} onClick={onNavigate} aria-current={active ? 'page' : undefined} className={cn(rowClass, active && activeClass)}>
        <IconComponent size={18} weight="duotone" aria-hidden style={swatch ? { color: swatch } : undefined} />
        <span className="truncate">{label}</span>
        <Count n={count} />
      </Link>
      {trailing}
    </div>
  )
}

function SidebarNote({ note, onNavigate, active }: { note: NoteSummary; onNavigate?: (() => void) | undefined; active: boolean }) {
  const drag = useDraggableNote(`sidebar:${note.id}`, note)
  return (
    <li ref={drag.setNodeRef} className={cn('group/note flex items-center', drag.isDragging && 'opacity-40')} {...drag.rowProps}>
      <Link
        to={`/app/notes/${note.id}`}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex h-8 min-w-0 flex-1 items-center gap-2 rounded-md pr-1 pl-9 text-sm text-sidebar-foreground/80 outline-none hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring',
          active && activeClass,
        )}
      >
        <NoteIcon size={14} aria-hidden className="shrink-0 text-muted-foreground" />
        <span className="truncate">{noteTitle(note.title)}</span>
      </Link>
      <button
        type="button"
        aria-label={`Move ${noteTitle(note.title)}`}
        className="invisible flex size-7 shrink-0 cursor-grab items-center justify-center rounded text-muted-foreground outline-none group-hover/note:visible focus-visible:visible focus-visible:ring-2 focus-visible:ring-ring"
        {...drag.handleProps}
      >
        <DotsSixVertical size={14} aria-hidden />
      </button>
    </li>
  )
}

/**
 * The notes sidebar (002 §2): All Notes, the folders (each expandable to
 * its notes, each a drop target), Uncategorized, New Folder, and what
 * others shared with the user.
 */
export function NotesSidebar({ userId, onNavigate }: { userId: string; onNavigate?: (() => void) | undefined }) {
  const notes = useNotes(userId)
  const folders = useFolders(userId)
  const shared = useSharedWithMe(userId)
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const { noteId } = useParams()
  const { expanded, toggleExpanded, openFolderDialog } = useNotesUiStore()
  const sort = useNotesUiStore((s) => s.sort)
  const onList = pathname === '/app/notes'
  const filter = folderFilterOf(params)
  const counts = useMemo(() => (notes.data ? countByFolder(notes.data) : null), [notes.data])

  return (
    <nav aria-label="Notes" className="grid gap-1">
      <div className="flex items-center justify-between px-2.5 pt-1 pb-2">
        <p className="text-sm font-semibold">Notes</p>
        <Button variant="ghost" size="icon-sm" asChild>
          <Link
            to={filter.kind === 'folder' ? `/app/notes/new?folder=${encodeURIComponent(filter.name)}` : '/app/notes/new'}
            onClick={onNavigate}
            aria-label="New note"
            title="New note"
          >
            <Plus size={18} aria-hidden />
          </Link>
        </Button>
      </div>
      <DropRow to="/app/notes" label="All Notes" icon={Notebook} count={notes.data?.length} active={onList && filter.kind === 'all'} onNavigate={onNavigate} />

      <section aria-labelledby="notes-folders-heading" className="grid gap-0.5">
        <div className="flex items-center justify-between pt-3 pb-1 pl-2.5">
          <h2 id="notes-folders-heading" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Folders
          </h2>
          <Button variant="ghost" size="sm" className="h-7 gap-1 px-2 text-xs" onClick={() => openFolderDialog({ mode: 'create' })}>
            <Plus size={14} aria-hidden /> New Folder
          </Button>
        </div>
        {folders.isPending ? (
          <div aria-hidden className="grid gap-1">
            <div className="h-8 rounded-md bg-sidebar-accent/60" />
            <div className="h-8 rounded-md bg-sidebar-accent/60" />
          </div>
        ) : folders.data?.length === 0 ? (
          <p className="px-2.5 py-1 text-xs text-muted-foreground">No folders yet. New Folder groups notes; drag notes onto a folder to file them.</p>
        ) : (
          <ul className="grid gap-0.5">
            {folders.data?.map((folder) => {
              const open = !!expanded[folder.id]
              const count = counts?.byFolder.get(folder.name.toLowerCase()) ?? 0
              const inside = open && notes.data ? sortNotes(notes.data.filter((n) => inFolder(n, folder.name)), sort) : []
              const pending = folder.id.startsWith('pending-')
              return (
                <li key={folder.id}>
                  <DropRow
                    to={folderHref(folder.id, folder.name)}
                    label={folder.name}
                    icon={FolderSimple}
                    swatch={folderSwatch(folder.color)}
                    count={counts ? count : undefined}
                    active={onList && filter.kind === 'folder' && filter.id === folder.id}
                    target={{ kind: 'folder', id: folder.id, name: folder.name }}
                    dropId={`folder:${folder.id}`}
                    onNavigate={onNavigate}
                    leading={
                      <button
                        type="button"
                        aria-label={`${open ? 'Collapse' : 'Expand'} ${folder.name}`}
                        aria-expanded={open}
                        aria-controls={`folder-notes-${folder.id}`}
                        onClick={() => toggleExpanded(folder.id)}
                        className="flex size-7 shrink-0 items-center justify-center rounded text-muted-foreground outline-none hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        <CaretRight size={12} weight="bold" aria-hidden className={cn('transition-transform', open && 'rotate-90')} />
                      </button>
                    }
                    trailing={pending ? null : <FolderMenu folder={folder} count={count} label={`${folder.name} folder actions`} reveal align="end" />}
                  />
                  {open ? (
                    <ul id={`folder-notes-${folder.id}`} aria-label={`Notes in ${folder.name}`} className="grid gap-0.5 py-0.5">
                      {inside.length === 0 ? (
                        <li className="py-1 pl-9 text-xs text-muted-foreground">Empty</li>
                      ) : (
                        inside.map((n) => <SidebarNote key={n.id} note={n} onNavigate={onNavigate} active={noteId === n.id} />)
                      )}
                    </ul>
                  ) : null}
                </li>
              )
            })}
          </ul>
        )}
        <DropRow
          to="/app/notes?folder=uncategorized"
          label="Uncategorized"
          icon={Archive}
          count={counts?.uncategorized}
          active={onList && filter.kind === 'uncategorized'}
          target={{ kind: 'uncategorized' }}
          dropId="uncategorized"
          onNavigate={onNavigate}
        />
      </section>

      {shared.data && shared.data.length > 0 ? (
        <section aria-labelledby="notes-shared-heading" className="grid gap-0.5">
          <h2 id="notes-shared-heading" className="px-2.5 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Shared with me
          </h2>
          <ul className="grid gap-0.5">
            {shared.data.map((item) => {
              const to = item.content_type === 'note' ? `/app/notes/${item.content_id}` : `/app/shared/folder/${item.token}`
              const active = item.content_type === 'note' ? noteId === item.content_id : pathname === to
              return (
                <li key={item.share_id}>
                  <Link
                    to={to}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    title={`Shared by ${item.owner_name} · ${item.permission === 'edit' ? 'Can edit' : 'Can view'}`}
                    className={cn(rowClass, 'flex', active && activeClass)}
                  >
                    {item.content_type === 'note' ? (
                      <NoteIcon size={18} weight="duotone" aria-hidden />
                    ) : (
                      <UsersThree size={18} weight="duotone" aria-hidden />
                    )}
                    <span className="truncate">{noteTitle(item.title)}</span>
                  </Link>
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}
    </nav>
  )
}
