import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { SwatchPicker } from '@/components/ui/swatch-picker'
import type { Journal } from '../api/get-journals'
import { useCreateJournal, useDeleteJournal, useUpdateJournal, validateJournalName } from '../api/save-journal'
import { useJournalUiStore } from '../stores/journal-ui-store'
import { DEFAULT_APPEARANCE, JOURNAL_COLORS, JOURNAL_ICONS, journalSwatch, parseAppearance } from '../utils/appearance'

const SWATCHES = JOURNAL_COLORS.map((c) => ({ value: c.name, label: c.label, color: c.swatch }))

function JournalForm({ userId, journal, onDone }: { userId: string; journal: Journal | null; onDone: () => void }) {
  const create = useCreateJournal(userId)
  const update = useUpdateJournal(userId)
  const start = journal ? parseAppearance(journal.color) : DEFAULT_APPEARANCE
  const [name, setName] = useState(journal?.name ?? '')
  const [icon, setIcon] = useState(start.icon)
  const [color, setColor] = useState(start.color)
  const [error, setError] = useState<string | null>(null)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const invalid = validateJournalName(name)
    if (invalid) {
      setError(invalid)
      return
    }
    const input = { name, appearance: { icon, color } }
    if (journal) update.mutate({ ...input, id: journal.id }, { onSuccess: onDone })
    else create.mutate(input, { onSuccess: onDone })
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field label="Journal name" error={error}>
        {(p) => (
          <Input
            {...p}
            value={name}
            autoFocus
            maxLength={100}
            placeholder="e.g. Gratitude"
            onChange={(e) => {
              setName(e.target.value)
              setError(null)
            }}
          />
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Icon</legend>
        <RadioGroupPrimitive.Root aria-label="Icon" value={icon} onValueChange={setIcon} className="grid grid-cols-5 gap-2">
          {JOURNAL_ICONS.map((i) => (
            <RadioGroupPrimitive.Item
              key={i.name}
              value={i.name}
              aria-label={i.label}
              title={i.label}
              className="flex h-10 items-center justify-center rounded-md border text-muted-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary/10 data-[state=checked]:text-foreground"
            >
              <i.icon size={20} weight="duotone" aria-hidden style={{ color: icon === i.name ? journalSwatch(color) : undefined }} />
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroupPrimitive.Root>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Colour</legend>
        <SwatchPicker label="Colour" swatches={SWATCHES} value={color} onValueChange={setColor} />
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {journal ? 'Save' : 'Create Journal'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Create Journal (002 §2): a name, one of the ten icons and one of the nine colours; also edits one. */
export function JournalDialog({ userId }: { userId: string }) {
  const dialog = useJournalUiStore((s) => s.journalDialog)
  const close = useJournalUiStore((s) => s.openJournalDialog)
  const journal = dialog?.mode === 'edit' ? dialog.journal : null
  return (
    <Dialog open={!!dialog} onOpenChange={(o) => (o ? undefined : close(null))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{journal ? 'Edit Journal' : 'Create Journal'}</DialogTitle>
          <DialogDescription>{journal ? 'Rename the journal or change its look.' : 'Journals keep entries on one theme together.'}</DialogDescription>
        </DialogHeader>
        {dialog ? <JournalForm key={journal?.id ?? 'new'} userId={userId} journal={journal} onDone={() => close(null)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

/** Confirms deleting a journal: its entries are kept, outside any journal. */
export function DeleteJournalDialog({ userId, onDeleted }: { userId: string; onDeleted: (id: string) => void }) {
  const journal = useJournalUiStore((s) => s.deletingJournal)
  const close = useJournalUiStore((s) => s.setDeletingJournal)
  const remove = useDeleteJournal(userId)
  return (
    <Dialog open={!!journal} onOpenChange={(o) => (o ? undefined : close(null))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete journal “{journal?.name}”?</DialogTitle>
          <DialogDescription>Its entries are kept and stay under All Entries, without a journal.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              if (journal) {
                remove.mutate({ id: journal.id })
                onDeleted(journal.id)
              }
              close(null)
            }}
          >
            Delete journal
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
