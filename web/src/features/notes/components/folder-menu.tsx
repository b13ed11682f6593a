import { PencilSimple, ShareNetwork, Trash } from '@phosphor-icons/react'
import { ActionsMenuTrigger, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu'
import type { NoteFolder } from '../api/get-folders'
import { useNotesUiStore } from '../stores/notes-ui-store'

type FolderMenuProps = {
  folder: NoteFolder
  label: string
  reveal?: boolean
  align: 'start' | 'end'
  /** The folder's notes, where known: a folder with notes asks before it is deleted ('Delete folder…'). */
  count?: number
}

/** A folder's actions (edit, share, delete), from its row in the sidebar (reveal) and from its list's header. */
export function FolderMenu({ folder, label, reveal, align, count = 0 }: FolderMenuProps) {
  const { openFolderDialog, setDeletingFolder, setShareTarget } = useNotesUiStore()
  return (
    <DropdownMenu>
      <ActionsMenuTrigger label={label} reveal={reveal} />
      <DropdownMenuContent align={align}>
        <DropdownMenuItem onSelect={() => openFolderDialog({ mode: 'edit', folder })}>
          <PencilSimple size={16} aria-hidden /> Edit folder
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setShareTarget({ kind: 'folder', id: folder.id, name: folder.name })}>
          <ShareNetwork size={16} aria-hidden /> Share folder
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem className="text-destructive data-[highlighted]:text-destructive" onSelect={() => setDeletingFolder(folder)}>
          <Trash size={16} aria-hidden /> Delete folder{count > 0 ? '…' : ''}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
