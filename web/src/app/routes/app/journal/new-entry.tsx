import { useEffect, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { useRequiredUser } from '@/lib/auth-store'
import { useEntries } from '@/features/journal/api/get-entries'
import { usePlan } from '@/features/billing/hooks/use-plan'
import { usePaywallStore } from '@/features/billing/stores/paywall-store'
import { PLAN_CAPS } from '@/features/billing/utils/plans'

/** Entries created in the current calendar month (UTC, as the server counts them: 0203). */
function createdThisMonth(entries: readonly { created_at: string }[]): number {
  const now = new Date()
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
  return entries.filter((e) => new Date(e.created_at).getTime() >= start).length
}

/**
 * /app/journal/new (002 §2): a new entry gets its id here and opens at
 * /app/journal/{id}?new=1, saved with its first words. At the Free monthly
 * cap the paywall opens instead (the server refuses the 31st entry anyway).
 */
export default function NewEntry() {
  const user = useRequiredUser()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { plan, isLoading } = usePlan()
  const entries = useEntries(user.id)
  const [id] = useState(() => crypto.randomUUID())
  const atCap = !isLoading && entries.data !== undefined && createdThisMonth(entries.data) >= PLAN_CAPS[plan].journalMonthly
  useEffect(() => {
    if (!atCap) return
    usePaywallStore.getState().show('Journal limit reached for Free plan this month')
    navigate('/app/journal', { replace: true })
  }, [atCap, navigate])
  if (atCap || (entries.isPending && !entries.isError) || isLoading) return null
  const journal = params.get('journal')
  return <Navigate to={`/app/journal/${id}?new=1${journal ? `&journal=${encodeURIComponent(journal)}` : ''}`} replace />
}
