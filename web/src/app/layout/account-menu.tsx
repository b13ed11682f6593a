import { lazy } from 'react'
import { DeferredMenu } from '@/components/ui/deferred-menu'
import { useRequiredUser } from '@/lib/auth-store'
import { initialsOf } from '@/features/shell/utils/signed-in-text'
import { AccountButton } from './account-button'

const load = () => import('./account-menu-content')
const AccountMenuContent = lazy(load)

/** The account menu of spec 000 §2; its items load on first use (account-menu-content.tsx). */
export function AccountMenu() {
  const initials = initialsOf(useRequiredUser())
  return <DeferredMenu menu={AccountMenuContent} preload={load} trigger={<AccountButton initials={initials} />} />
}
