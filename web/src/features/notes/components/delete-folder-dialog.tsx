import { useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useDeleteFolder } from '../api/delete-folder'
import { useNotes } from '../api/get-notes'
import { useNotesUiStore } from '../stores/notes-ui-store'
import { inFolder } from '../utils/folders'

/** Confirms deleting a folder: its notes are kept and move to Uncategorized (soft delete, 002 §4). */
export function DeleteFolderDialog({ userId }: { userId: string }) {
  const folder = useNotesUiStore((s) => s.deletingFolder)
  const close = useNotesUiStore((s) => s.setDeletingFolder)
  const notes = useNotes(userId)
  const remove = useDeleteFolder(userId)
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const count = useMemo(() => (folder && notes.data ? notes.data.filter((n) => inFolder(n, folder.name)).length : 0), [folder, notes.data])

  const confirm = () => {
    if (!folder) return
    remove.mutate(folder)
    if (params.get('folder') === folder.id) navigate('/app/notes', { replace: true })
    close(null)
  }

  return (
    <Dialog open={!!folder} onOpenChange={(o) => (o ? undefined : close(null))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete folder “{folder?.name}”?</DialogTitle>
          <DialogDescription>
            {count === 0
              ? 'The folder is empty.'
              : `Its ${count === 1 ? 'note is' : `${count} notes are`} kept and move${count === 1 ? 's' : ''} to Uncategorized.`}{' '}
            Anyone you shared the folder with loses access to it.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(null)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm}>
            Delete folder
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
