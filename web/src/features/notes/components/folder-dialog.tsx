import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { SwatchPicker } from '@/components/ui/swatch-picker'
import { useCreateFolder, validateFolderName } from '../api/create-folder'
import type { NoteFolder } from '../api/get-folders'
import { useUpdateFolder } from '../api/update-folder'
import { useNotesUiStore } from '../stores/notes-ui-store'
import { DEFAULT_FOLDER_COLOR, FOLDER_COLORS } from '../utils/folders'

const SWATCHES = FOLDER_COLORS.map((c) => ({ value: c.name, label: c.label, color: c.swatch }))

function FolderForm({ userId, folder, onDone }: { userId: string; folder: NoteFolder | null; onDone: () => void }) {
  const create = useCreateFolder(userId)
  const update = useUpdateFolder(userId)
  const [name, setName] = useState(folder?.name ?? '')
  const [color, setColor] = useState(folder && FOLDER_COLORS.some((c) => c.name === folder.color) ? folder.color : DEFAULT_FOLDER_COLOR)
  const [error, setError] = useState<string | null>(null)
  const pending = create.isPending || update.isPending

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const invalid = validateFolderName(name)
    if (invalid) {
      setError(invalid)
      return
    }
    const done = { onSuccess: onDone }
    if (folder) update.mutate({ id: folder.id, name, color }, done)
    else create.mutate({ name, color }, done)
  }

  return (
    <form id="folder-form" noValidate onSubmit={submit} className="grid gap-4">
      <Field label="Folder name" error={error}>
        {(p) => (
          <Input
            {...p}
            value={name}
            autoFocus
            maxLength={100}
            placeholder="e.g. Work"
            onChange={(e) => {
              setName(e.target.value)
              setError(null)
            }}
          />
        )}
      </Field>
      <div className="grid gap-2">
        <Label asChild>
          <span>Colour</span>
        </Label>
        <SwatchPicker label="Colour" swatches={SWATCHES} value={color} onValueChange={setColor} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {folder ? 'Save' : 'Create Folder'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Create Folder and Edit Folder (002 §2): a name and one of ten named colours, Indigo by default. */
export function FolderDialog({ userId }: { userId: string }) {
  const dialog = useNotesUiStore((s) => s.folderDialog)
  const close = useNotesUiStore((s) => s.openFolderDialog)
  const folder = dialog?.mode === 'edit' ? dialog.folder : null
  return (
    <Dialog open={!!dialog} onOpenChange={(o) => (o ? undefined : close(null))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{folder ? 'Edit Folder' : 'Create Folder'}</DialogTitle>
          <DialogDescription>{folder ? 'Rename the folder or change its colour.' : 'Folders group your notes. Drag notes onto a folder to file them.'}</DialogDescription>
        </DialogHeader>
        {dialog ? <FolderForm key={folder?.id ?? 'new'} userId={userId} folder={folder} onDone={() => close(null)} /> : null}
      </DialogContent>
    </Dialog>
  )
}
