import { useEffect, useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { useRequiredUser } from '@/lib/auth-store'
import { useNotes } from '@/features/notes/api/get-notes'
import { usePlan } from '@/features/billing/hooks/use-plan'
import { usePaywallStore } from '@/features/billing/stores/paywall-store'
import { PLAN_CAPS } from '@/features/billing/utils/plans'

/**
 * /app/notes/new (002 §2): a new note gets its id here and opens at
 * /app/notes/{id}?new=1, saved with its first words. At the Free cap the
 * paywall opens instead (the server refuses the 101st note anyway).
 */
export default function NewNote() {
  const user = useRequiredUser()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { plan, isLoading } = usePlan()
  const notes = useNotes(user.id)
  const [id] = useState(() => crypto.randomUUID())
  const atCap = !isLoading && notes.data !== undefined && notes.data.length >= PLAN_CAPS[plan].notesTotal
  useEffect(() => {
    if (!atCap) return
    usePaywallStore.getState().show('Note limit reached for Free plan')
    navigate('/app/notes', { replace: true })
  }, [atCap, navigate])
  if (atCap || (notes.isPending && !notes.isError) || isLoading) return null
  const folder = params.get('folder')
  return <Navigate to={`/app/notes/${id}?new=1${folder ? `&folder=${encodeURIComponent(folder)}` : ''}`} replace />
}
