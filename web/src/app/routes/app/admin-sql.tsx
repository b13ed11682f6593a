import { lazy, Suspense } from 'react'
import { NotFound } from '@/components/errors/not-found'
import { PageHeader } from '@/components/ui/page-header'
import { PageSpinner } from '@/components/ui/spinner'
import { useRequiredUser } from '@/lib/auth-store'
import { errorMessage } from '@/lib/errors'
import { useAdminStatus } from '@/features/admin/api/get-admin-status'

// The editor (CodeMirror) and the grid load only once the server says the
// account is an admin: nobody else downloads them.
const SqlConsole = lazy(() => import('@/features/admin/components/sql-console'))

/**
 * /app/admin/sql: the SQL console for admins. Anyone else gets the
 * not-found page — the console is not advertised — and the server refuses
 * them anyway (403).
 */
export default function AdminSql() {
  const user = useRequiredUser()
  const status = useAdminStatus(user.id)
  if (status.isPending) return <PageSpinner />
  if (status.isError)
    return (
      <div className="p-6 text-sm text-destructive" role="alert">
        Could not check your access: {errorMessage(status.error)}
      </div>
    )
  if (!status.data) return <NotFound />
  return (
    <div>
      <PageHeader title="SQL console" description="Runs as the database owner. Every statement is written to the audit log." />
      <Suspense fallback={<PageSpinner />}>
        <SqlConsole />
      </Suspense>
    </div>
  )
}
