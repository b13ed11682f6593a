import {
  ArrowsClockwise,
  ClockCounterClockwise,
  Database,
  Flask,
  Gear,
  Lightning,
  Megaphone,
  Palette,
  Printer,
  SignOut,
  UserCircle,
  UsersThree,
  Newspaper,
} from '@phosphor-icons/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { type DeferredMenuProps, focusFirstItemOnce } from '@/components/ui/deferred-menu'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { fullNameOf, isAdmin, useRequiredUser } from '@/lib/auth-store'
import { useSignOut } from '@/features/auth/api/sign-out'
import { usePlan } from '@/features/billing/hooks/use-plan'
import { type ThemeMode, useThemeStore } from '@/features/theme/stores/theme-store'
import { initialsOf } from '@/features/shell/utils/signed-in-text'
import { AccountButton } from './account-menu'
import { useSyncNow } from './use-sync-now'

/** The account menu of spec 000 §2 (loaded on first use: account-menu.tsx). */
export default function AccountMenuContent({ defaultOpen, openedWithKeyboard }: DeferredMenuProps) {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const signOut = useSignOut()
  const syncNow = useSyncNow()
  const { plan } = usePlan()
  const mode = useThemeStore((s) => s.mode)
  const setMode = useThemeStore((s) => s.setMode)
  const name = fullNameOf(user) || (user.email ?? '')
  const [onFocus] = useState(() => focusFirstItemOnce(openedWithKeyboard))

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton initials={initialsOf(user)} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60" onFocus={onFocus}>
        <DropdownMenuLabel className="grid">
          <span className="truncate text-sm text-foreground">{name}</span>
          {name !== user.email ? <span className="truncate">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/app/settings#account')}>
          <UserCircle size={16} aria-hidden /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/settings')}>
          <Gear size={16} aria-hidden /> Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/teams/create')}>
          <UsersThree size={16} aria-hidden /> Add a team
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/activity')}>
          <ClockCounterClockwise size={16} aria-hidden /> Activity log
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => window.print()}>
          <Printer size={16} aria-hidden /> Print
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/help#whats-new')}>
          <Megaphone size={16} aria-hidden /> What's new
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/settings#advanced')}>
          <Flask size={16} aria-hidden /> Latest experiments
        </DropdownMenuItem>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Palette size={16} aria-hidden /> Theme
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuRadioGroup value={mode} onValueChange={(v) => setMode(v as ThemeMode)}>
              <DropdownMenuRadioItem value="light">Light</DropdownMenuRadioItem>
              <DropdownMenuRadioItem value="dark">Dark</DropdownMenuRadioItem>
              <DropdownMenuRadioItem value="system">System</DropdownMenuRadioItem>
            </DropdownMenuRadioGroup>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        {isAdmin(user) ? (
          <DropdownMenuItem onSelect={() => navigate('/app/admin/sql')}>
            <Database size={16} aria-hidden /> SQL console
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        {plan === 'free' ? (
          <DropdownMenuItem onSelect={() => navigate('/app/settings/billing#subscription')}>
            <Lightning size={16} aria-hidden /> Upgrade to Pro
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={syncNow}>
          <ArrowsClockwise size={16} aria-hidden /> Sync now
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => signOut.mutate()}>
          <SignOut size={16} aria-hidden /> Log out
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/app/help#changelog')}>
          <Newspaper size={16} aria-hidden /> Changelog
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
