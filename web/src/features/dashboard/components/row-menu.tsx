import { ArrowSquareOut, GithubLogo } from '@phosphor-icons/react'
import { useState } from 'react'
import { type DeferredMenuProps, focusFirstItemOnce } from '@/components/ui/deferred-menu'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { RowMenuButton } from './row-menu-button'

/** A dashboard task row's menu (loaded on first use, components/ui/deferred-menu.tsx). */
export default function DashboardRowMenu({
  title,
  onOpen,
  onCreateIssue,
  defaultOpen,
  openedWithKeyboard,
}: DeferredMenuProps & { title: string; onOpen: () => void; onCreateIssue: () => void }) {
  const [onFocus] = useState(() => focusFirstItemOnce(openedWithKeyboard))
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <RowMenuButton title={title} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" onFocus={onFocus}>
        <DropdownMenuItem onSelect={onOpen}>
          <ArrowSquareOut size={16} aria-hidden /> Open in tasks
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onCreateIssue}>
          <GithubLogo size={16} aria-hidden /> Create GitHub issue
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
