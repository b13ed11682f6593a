import { Outlet } from 'react-router'
import { fullNameOf, useRequiredUser } from '@/lib/auth-store'
import { SidebarPortal } from '@/features/shell/components/sidebar-slot'
import { DeleteFolderDialog } from '@/features/notes/components/delete-folder-dialog'
import { FolderDialog } from '@/features/notes/components/folder-dialog'
import { ImportDialog } from '@/features/notes/components/import-dialog'
import { NotesDndProvider } from '@/features/notes/components/notes-dnd'
import { NotesSidebar } from '@/features/notes/components/notes-sidebar'
import { ShareDialog } from '@/features/notes/components/share-dialog'
import { foldersQueryOptions } from '@/features/notes/api/get-folders'
import { notesQueryOptions } from '@/features/notes/api/get-notes'
import { useNotesRealtime } from '@/features/notes/hooks/use-notes-realtime'
import type { Prefetch } from '../../../route-table'

/** The sidebar's and the list's first queries: the notes and the folders. */
export const prefetch: Prefetch = (userId) => [notesQueryOptions(userId), foldersQueryOptions(userId)]

/**
 * /app/notes/* and /app/shared/*: the notes sidebar (drawn into the shell's
 * slot), drag and drop between the list and the sidebar, the dialogs, and
 * changes made elsewhere.
 */
export default function NotesLayout() {
  const user = useRequiredUser()
  useNotesRealtime(user.id)
  return (
    <NotesDndProvider userId={user.id}>
      <SidebarPortal>{(onNavigate) => <NotesSidebar userId={user.id} onNavigate={onNavigate} />}</SidebarPortal>
      <Outlet />
      <FolderDialog userId={user.id} />
      <DeleteFolderDialog userId={user.id} />
      <ShareDialog from={fullNameOf(user) || user.email || 'Someone'} />
      <ImportDialog userId={user.id} />
    </NotesDndProvider>
  )
}
