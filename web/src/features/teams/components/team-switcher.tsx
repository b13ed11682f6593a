import { useEffect } from 'react'
import { useRequiredUser } from '@/lib/auth-store'
import { useTeams } from '../api/teams'
import { useTeamContext } from '@/lib/team-context'

/**
 * The team context switcher (002 §2, §4): personal or one of the user's
 * teams. A remembered team the user has left falls back to personal once
 * the teams load.
 */
export function TeamSwitcher({ className }: { className?: string }) {
  const user = useRequiredUser()
  const teams = useTeams(user.id)
  const { currentTeamId, setCurrentTeamId } = useTeamContext()
  useEffect(() => {
    if (teams.data && currentTeamId && !teams.data.some((t) => t.team.id === currentTeamId)) setCurrentTeamId(null)
  }, [teams.data, currentTeamId, setCurrentTeamId])
  return (
    <select
      aria-label="Team context"
      className={
        className ??
        'h-8 max-w-48 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring'
      }
      value={currentTeamId ?? ''}
      onChange={(e) => setCurrentTeamId(e.target.value || null)}
    >
      <option value="">Personal</option>
      {(teams.data ?? []).map(({ team }) => (
        <option key={team.id} value={team.id}>
          {team.name}
        </option>
      ))}
    </select>
  )
}
