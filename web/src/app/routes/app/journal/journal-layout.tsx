import { Outlet, useNavigate, useSearchParams } from 'react-router'
import { useRequiredUser } from '@/lib/auth-store'
import { SidebarPortal } from '@/features/shell/components/sidebar-slot'
import { entriesQueryOptions } from '@/features/journal/api/get-entries'
import { journalsQueryOptions } from '@/features/journal/api/get-journals'
import { DeleteJournalDialog, JournalDialog } from '@/features/journal/components/journal-dialog'
import { JournalSidebar } from '@/features/journal/components/journal-sidebar'
import type { Prefetch } from '../../../route-table'

/** The sidebar's and the list's first queries: the entries and the journals. */
export const prefetch: Prefetch = (userId) => [entriesQueryOptions(userId), journalsQueryOptions(userId)]

/** /app/journal/*: the journal sidebar (drawn into the shell's slot) and the journal dialogs. */
export default function JournalLayout() {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  return (
    <>
      <SidebarPortal>{(onNavigate) => <JournalSidebar userId={user.id} onNavigate={onNavigate} />}</SidebarPortal>
      <Outlet />
      <JournalDialog userId={user.id} />
      <DeleteJournalDialog
        userId={user.id}
        onDeleted={(id) => {
          if (params.get('journal') === id) navigate('/app/journal', { replace: true })
        }}
      />
    </>
  )
}
