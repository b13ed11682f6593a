import { Keyboard, Lifebuoy, ShieldCheck } from '@phosphor-icons/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { type DeferredMenuProps, focusFirstItemOnce } from '@/components/ui/deferred-menu'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { useConsentStore } from '@/features/privacy/stores/consent-store'
import { useShellStore } from '@/features/shell/stores/shell-store'
import { HelpButton } from './help-button'

/** Help menu (spec 000 §2): shortcuts, help center, privacy choices (loaded on first use: help-menu.tsx). */
export default function HelpMenuContent({ defaultOpen, openedWithKeyboard }: DeferredMenuProps) {
  const navigate = useNavigate()
  const openShortcuts = useShellStore((s) => s.setShortcutsOpen)
  const openPrivacy = useConsentStore((s) => s.setDialogOpen)
  const [onFocus] = useState(() => focusFirstItemOnce(openedWithKeyboard))
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <HelpButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" onFocus={onFocus}>
        <DropdownMenuItem onSelect={() => openShortcuts(true)}>
          <Keyboard size={16} aria-hidden /> Keyboard shortcuts
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/help')}>
          <Lifebuoy size={16} aria-hidden /> Help center
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => openPrivacy(true)}>
          <ShieldCheck size={16} aria-hidden /> Privacy choices
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
