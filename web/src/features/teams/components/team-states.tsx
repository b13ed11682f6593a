import { UsersThree } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'

/** A team's page while the team loads: its header and first panel. */
export function TeamLoading() {
  return (
    <div className="grid gap-4 p-6" aria-busy>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-48" />
    </div>
  )
}

/** A team's page for a team the user cannot see (deleted, or no longer a member). */
export function TeamNotFound() {
  return (
    <EmptyState icon={UsersThree} title="Team not found" description="It was deleted, or you are no longer a member.">
      <Button asChild variant="outline">
        <Link to="/app/teams">All teams</Link>
      </Button>
    </EmptyState>
  )
}
