import { DotsThree } from '@phosphor-icons/react'
import { Button } from '@/components/ui/button'
import { DropdownMenuTrigger } from '@/components/ui/dropdown-menu'

type ActionsMenuTriggerProps = {
  /** The button's accessible name, e.g. 'Journal actions'. */
  label: string
  /** In a list row: shown while the row is hovered, focused or its menu open. */
  reveal?: boolean
}

/** The ⋯ button that opens a page's or a list row's actions menu (inside a DropdownMenu). */
export function ActionsMenuTrigger({ label, reveal = false }: ActionsMenuTriggerProps) {
  return (
    <DropdownMenuTrigger asChild>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        className={reveal ? 'size-7 opacity-0 group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100' : undefined}
      >
        <DotsThree size={18} aria-hidden />
      </Button>
    </DropdownMenuTrigger>
  )
}
