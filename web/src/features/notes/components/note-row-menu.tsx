import { Archive, DotsThreeVertical, DownloadSimple, FolderSimple, PushPin, PushPinSlash, ShareNetwork, Trash } from '@phosphor-icons/react'
import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react'
import { Button, buttonVariants } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { downloadBlob } from '@/lib/download'
import { describeError } from '@/lib/errors'
import { toast } from '@/lib/toast'
import { useDeleteNote } from '../api/delete-note'
import { exportNotes } from '../api/export-notes'
import { useFolders } from '../api/get-folders'
import type { NoteSummary } from '../api/get-notes'
import { useMoveNote } from '../api/move-note'
import { usePinNote } from '../api/pin-note'
import { useNotesUiStore } from '../stores/notes-ui-store'
import { folderSwatch } from '../utils/folders'
import { noteTitle } from '../utils/note-text'

export async function exportOne(id: string, title: string) {
  try {
    const file = await exportNotes([id], title)
    downloadBlob(file.name, file)
  } catch (e) {
    toast.error('Export failed', { description: describeError(e) })
  }
}

/**
 * A note's commands: pin, move to a folder (the keyboard and touch way to
 * do what dragging does), share, export as markdown, delete. After delete
 * runs `onDeleted` (the editor goes back to the list).
 *
 * Every row of the notes list has one, so the closed menu is only its
 * button: the folders query and the pin and move mutations belong to the
 * items, which exist while the menu is open. Delete stays here, where its
 * `onDeleted` outlives the menu closing on select.
 */
export function NoteActionsMenu({
  userId,
  note,
  onDeleted,
  label,
  defaultOpen,
  autoFocus,
}: {
  userId: string
  note: Pick<NoteSummary, 'id' | 'title' | 'folder' | 'pinned'>
  onDeleted?: () => void
  label?: string
  /** Open at mount (a row's menu armed by the press that opens it). */
  defaultOpen?: boolean
  /** Take the focus at mount (a row's menu armed by its button taking the focus). */
  autoFocus?: boolean
}) {
  const remove = useDeleteNote()
  const title = noteTitle(note.title)
  const trigger = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    if (autoFocus) trigger.current?.focus()
    // Only at mount: the button that had the focus was just replaced by this one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" size="icon-sm" aria-label={label ?? `Actions for ${title}`}>
          <DotsThreeVertical size={18} aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <NoteMenuItems userId={userId} note={note} title={title} />
        <DropdownMenuSeparator />
        <DropdownMenuItem
          className="text-destructive data-[highlighted]:text-destructive"
          onSelect={() => remove.mutate({ userId, id: note.id }, { onSuccess: onDeleted })}
        >
          <Trash size={16} aria-hidden /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

const triggerClass = buttonVariants({ variant: 'ghost', size: 'icon-sm' })
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown'])

/**
 * The menu of a row of the notes list. A list draws twenty rows at once and
 * a menu root (Radix's menu and popper, its document listeners, the delete
 * mutation) is most of a row's cost, so a row's menu is first only its
 * button; the menu mounts when the row is `armed` (the pointer came over it
 * or the focus into it), when its button takes the focus (which moves to the
 * same button of the mounted menu), or when the button is pressed before
 * either (a touch): the menu then mounts open, as the press would have
 * opened it.
 */
export function NoteRowMenu({ userId, note, armed }: { userId: string; note: Pick<NoteSummary, 'id' | 'title' | 'folder' | 'pinned'>; armed: boolean }) {
  const [mount, setMount] = useState<'no' | 'focus' | 'open'>('no')
  if (armed || mount !== 'no') return <NoteActionsMenu userId={userId} note={note} defaultOpen={mount === 'open'} autoFocus={mount === 'focus'} />
  const open = (e: PointerEvent | KeyboardEvent) => {
    e.preventDefault()
    setMount('open')
  }
  return (
    <button
      type="button"
      data-slot="button"
      className={triggerClass}
      aria-label={`Actions for ${noteTitle(note.title)}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onFocus={() => setMount((m) => (m === 'no' ? 'focus' : m))}
      onPointerDown={(e) => {
        if (e.button === 0 && !e.ctrlKey) open(e)
      }}
      onKeyDown={(e) => {
        if (OPENING_KEYS.has(e.key)) open(e)
      }}
    >
      <DotsThreeVertical size={18} aria-hidden />
    </button>
  )
}

function NoteMenuItems({ userId, note, title }: { userId: string; note: Pick<NoteSummary, 'id' | 'folder' | 'pinned'>; title: string }) {
  const folders = useFolders(userId)
  const move = useMoveNote()
  const pin = usePinNote()
  const setShareTarget = useNotesUiStore((s) => s.setShareTarget)
  const current = (note.folder ?? '').toLowerCase()
  return (
    <>
      <DropdownMenuItem onSelect={() => pin.mutate({ userId, id: note.id, pinned: !note.pinned })}>
        {note.pinned ? <PushPinSlash size={16} aria-hidden /> : <PushPin size={16} aria-hidden />}
        {note.pinned ? 'Unpin' : 'Pin to top'}
      </DropdownMenuItem>
      <DropdownMenuSub>
        <DropdownMenuSubTrigger>
          <FolderSimple size={16} aria-hidden /> Move to
        </DropdownMenuSubTrigger>
        <DropdownMenuSubContent>
          {(folders.data ?? [])
            .filter((f) => !f.id.startsWith('pending-'))
            .map((f) => (
              <DropdownMenuItem
                key={f.id}
                disabled={f.name.toLowerCase() === current}
                onSelect={() => move.mutate({ userId, id: note.id, folder: f.name })}
              >
                <FolderSimple size={16} weight="duotone" aria-hidden style={{ color: folderSwatch(f.color) }} />
                {f.name}
              </DropdownMenuItem>
            ))}
          <DropdownMenuItem disabled={current === ''} onSelect={() => move.mutate({ userId, id: note.id, folder: null })}>
            <Archive size={16} aria-hidden /> Uncategorized
          </DropdownMenuItem>
        </DropdownMenuSubContent>
      </DropdownMenuSub>
      <DropdownMenuItem onSelect={() => setShareTarget({ kind: 'note', id: note.id, name: title })}>
        <ShareNetwork size={16} aria-hidden /> Share
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => void exportOne(note.id, title)}>
        <DownloadSimple size={16} aria-hidden /> Export as Markdown
      </DropdownMenuItem>
    </>
  )
}
