import { lazy } from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'
import { DeferredMenu } from '@/components/ui/deferred-menu'
import { fullNameOf, useRequiredUser } from '@/lib/auth-store'

function initials(name: string): string {
  const parts = name.trim().split(/[\s@._-]+/).filter(Boolean)
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?'
}

/** The account menu's trigger: the user's initials. */
export function AccountButton({ name, ...props }: ButtonProps & { name: string }) {
  return (
    // The name holds the initials shown (WCAG 2.5.3, label in name).
    <Button variant="ghost" size="icon-sm" aria-label={`Account menu, ${initials(name)}`} className="rounded-full" {...props}>
      <span className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
        {initials(name)}
      </span>
    </Button>
  )
}

const load = () => import('./account-menu-content')
const AccountMenuContent = lazy(load)

/** The account menu of spec 000 §2; its items load on first use (account-menu-content.tsx). */
export function AccountMenu() {
  const user = useRequiredUser()
  const name = fullNameOf(user) || (user.email ?? '')
  return <DeferredMenu menu={AccountMenuContent} preload={load} trigger={<AccountButton name={name} />} />
}
