import { UsersThree } from '@phosphor-icons/react'
import { Link, Navigate, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageSpinner } from '@/components/ui/spinner'
import { useAuthStatus } from '@/lib/auth-store'

/** /teams/join/{token}: signed-in users accept in the app; others sign in first. */
export default function TeamJoin() {
  const { token = '' } = useParams()
  const status = useAuthStatus()
  const target = `/app/teams/join/${encodeURIComponent(token)}`
  if (status === 'loading') return <PageSpinner />
  if (status === 'signedIn') return <Navigate to={target} replace />
  return (
    <EmptyState icon={UsersThree} title="You have been invited to a team" description="Sign in or create an account to accept the invitation.">
      <Button asChild>
        <Link to={`/auth?redirect=${encodeURIComponent(target)}`}>Sign in</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={`/auth?mode=signup&redirect=${encodeURIComponent(target)}`}>Create an account</Link>
      </Button>
    </EmptyState>
  )
}
