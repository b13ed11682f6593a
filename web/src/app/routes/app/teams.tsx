import { UsersThree } from '@phosphor-icons/react'
import { useLocation, useParams } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'

export default function Teams() {
  const { teamId } = useParams()
  const { pathname } = useLocation()
  const title = pathname.endsWith('/teams/create')
    ? 'Create a team'
    : teamId && pathname.endsWith('/settings')
      ? 'Team settings'
      : teamId
        ? 'Team'
        : 'Teams'
  return (
    <div>
      <PageHeader title={title} description="Work together on shared projects and tasks." />
      <EmptyState icon={UsersThree} title={title} description="Teams, their members and invitations are managed in this area." />
    </div>
  )
}
