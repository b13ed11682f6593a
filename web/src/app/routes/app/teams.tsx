import { useLocation, useParams } from 'react-router'
import { TeamDetail } from '@/features/teams/components/team-detail'
import { TeamCreate, TeamList } from '@/features/teams/components/team-list'
import { TeamSettings } from '@/features/teams/components/team-settings'

/** /app/teams, /app/teams/create, /app/teams/{teamId} and its /settings (002 §2). */
export default function Teams() {
  const { teamId } = useParams()
  const { pathname } = useLocation()
  if (pathname.endsWith('/teams/create')) return <TeamCreate />
  if (teamId && pathname.endsWith('/settings')) return <TeamSettings key={teamId} />
  if (teamId) return <TeamDetail key={teamId} />
  return <TeamList />
}
