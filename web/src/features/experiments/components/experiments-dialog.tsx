import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useExperimentsDialog } from '../stores/experiments-store'
import { ExperimentsPanel } from './experiments-panel'

/** "Latest experiments" (000 §2 account menu): features to try before everyone. */
export default function ExperimentsDialog() {
  const open = useExperimentsDialog((s) => s.open)
  const setOpen = useExperimentsDialog((s) => s.setOpen)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Latest experiments</DialogTitle>
          <DialogDescription>Try what is nearly ready. Your choices follow you to every device; turn any off again at any time.</DialogDescription>
        </DialogHeader>
        <ExperimentsPanel />
      </DialogContent>
    </Dialog>
  )
}
