import { UsersThree } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { useTeamContext } from '@/lib/team-context'
import { describeActivity } from '@/lib/team-activity'
import { useTeamActivity } from '../api/get-team-activity'

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

/** 'Just now', minutes, hours, 'Yesterday', then the date (002 §4). */
export function whenText(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000)
  if (minutes < 1) return 'Just now'
  if (minutes < 60) return relative.format(-minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return relative.format(-hours, 'hour')
  if (hours < 48) return 'Yesterday'
  return new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
}

/**
 * The team's latest activity, when the user works in a team context (the
 * team switcher's currentTeamId, followed live: switching the context
 * elsewhere changes the card); nothing in the personal context.
 */
export default function TeamActivityCard() {
  const user = useRequiredUser()
  const teamId = useTeamContext((s) => s.currentTeamId)
  const activity = useTeamActivity(user.id, teamId)
  if (!teamId || (activity.isSuccess && !activity.data)) return null
  const nameOf = (id: string) => (id === user.id ? 'You' : (activity.data?.names.get(id) ?? 'A former member'))
  return (
    <Card aria-labelledby="team-activity-title">
      <CardHeader className="flex items-center justify-between gap-2 pb-2">
        <CardTitle id="team-activity-title" className="flex items-center gap-2">
          <UsersThree size={18} weight="duotone" aria-hidden className="text-primary" />
          {activity.data ? activity.data.team.name : 'Team'}
        </CardTitle>
        <Link to={`/app/teams/${teamId}`} className="text-sm text-primary underline-offset-4 hover:underline">
          Open team
        </Link>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Skeleton className="h-24" />
        ) : activity.data?.feed.length ? (
          <ol aria-label="Team activity" className="grid gap-2">
            {activity.data.feed.map((e) => (
              <li key={e.id} className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate">{describeActivity(e, nameOf)}</span>
                <time dateTime={e.created_at} className="shrink-0 text-xs text-muted-foreground">
                  {whenText(e.created_at)}
                </time>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">Nothing has happened in this team yet.</p>
        )}
      </CardContent>
    </Card>
  )
}
