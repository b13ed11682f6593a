import { lazy } from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'
import { DeferredMenu } from '@/components/ui/deferred-menu'
import { useRequiredUser } from '@/lib/auth-store'
import { initialsOf } from '@/features/shell/utils/signed-in-text'

/** The account menu's trigger: the user's initials. */
export function AccountButton({ initials, ...props }: ButtonProps & { initials: string }) {
  return (
    // The name holds the initials shown (WCAG 2.5.3, label in name).
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Account menu, ${initials}`}
      data-boot-label="Account menu, "
      className="rounded-full"
      {...props}
    >
      <span
        className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        data-boot="initials"
      >
        {initials}
      </span>
    </Button>
  )
}

const load = () => import('./account-menu-content')
const AccountMenuContent = lazy(load)

/** The account menu of spec 000 §2; its items load on first use (account-menu-content.tsx). */
export function AccountMenu() {
  const initials = initialsOf(useRequiredUser())
  return <DeferredMenu menu={AccountMenuContent} preload={load} trigger={<AccountButton initials={initials} />} />
}
