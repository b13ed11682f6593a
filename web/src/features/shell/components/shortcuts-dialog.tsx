import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { type Command, isEnabled } from '@/lib/commands'
import { ShortcutsTable } from './shortcuts-table'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; commands: readonly Command[] }

/** '?' opens the list of keyboard shortcuts, built from the registered commands. */
export function ShortcutsDialog({ open, onOpenChange, commands }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Single-key shortcuts work when no text field has focus.</DialogDescription>
        </DialogHeader>
        <ShortcutsTable commands={commands.filter(isEnabled)} />
      </DialogContent>
    </Dialog>
  )
}
