import { PencilSimple, Trash } from '@phosphor-icons/react'
import { ActionsMenuTrigger, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu'
import type { Journal } from '../api/get-journals'
import { useJournalUiStore } from '../stores/journal-ui-store'

/** A journal's actions (edit, delete), from its row in the sidebar (reveal) and from its page's header. */
export function JournalMenu({ journal, label, reveal, align }: { journal: Journal; label: string; reveal?: boolean; align: 'start' | 'end' }) {
  const { openJournalDialog, setDeletingJournal } = useJournalUiStore()
  return (
    <DropdownMenu>
      <ActionsMenuTrigger label={label} reveal={reveal} />
      <DropdownMenuContent align={align}>
        <DropdownMenuItem onSelect={() => openJournalDialog({ mode: 'edit', journal })}>
          <PencilSimple size={16} aria-hidden /> Edit journal
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem className="text-destructive data-[highlighted]:text-destructive" onSelect={() => setDeletingJournal(journal)}>
          <Trash size={16} aria-hidden /> Delete journal…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
