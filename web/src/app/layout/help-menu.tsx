import { Keyboard, Lifebuoy, Question, ShieldCheck } from '@phosphor-icons/react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { useConsentStore } from '@/features/privacy/stores/consent-store'
import { useShellStore } from '@/features/shell/stores/shell-store'

/** Help menu (spec 000 §2): shortcuts, help center, privacy choices. */
export function HelpMenu() {
  const navigate = useNavigate()
  const openShortcuts = useShellStore((s) => s.setShortcutsOpen)
  const openPrivacy = useConsentStore((s) => s.setDialogOpen)
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Help menu">
          <Question size={20} aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
