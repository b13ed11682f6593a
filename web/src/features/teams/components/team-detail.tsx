import { CheckCircle, Circle, GearSix } from '@phosphor-icons/react'
import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { relativeTime } from '@/lib/relative-time'
import { type TeamMember, roleIn, useTeam, useTeamActivity, useTeamMembers, useTeamTasks } from '../api/teams'
import { useTeamContext } from '@/lib/team-context'
import { MemberAvatar, memberName } from '@/components/ui/member-avatar'
import { describeActivity, roleLabel } from '@/lib/team-activity'
import { TeamLoading, TeamNotFound } from './team-states'

function MemberRow({ member, ownerId }: { member: TeamMember; ownerId: string }) {
  const name = memberName(member)
  return (
    <li className="flex items-center gap-3 py-2">
      <MemberAvatar name={name} url={member.avatar_url} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        {member.email && member.full_name ? <p className="truncate text-xs text-muted-foreground">{member.email}</p> : null}
      </div>
      <span className="text-xs text-muted-foreground">{roleLabel(member.user_id === ownerId ? 'owner' : member.role)}</span>
    </li>
  )
}

/** /app/teams/{teamId}: members, the team's tasks and the activity feed of 50. */
export function TeamDetail() {
  const { teamId = '' } = useParams()
  const user = useRequiredUser()
  const team = useTeam(teamId)
  const members = useTeamMembers(teamId)
  const tasks = useTeamTasks(teamId)
  const activity = useTeamActivity(teamId)
  const { currentTeamId, setCurrentTeamId } = useTeamContext()
  if (team.isPending) {
    return <TeamLoading />
  }
  if (!team.data) {
    return <TeamNotFound />
  }
  const role = roleIn(team.data, members.data, user.id)
  const byId = new Map((members.data ?? []).map((m) => [m.user_id, memberName(m)]))
  const nameOf = (id: string) => (id === user.id ? 'You' : (byId.get(id) ?? 'A former member'))
  return (
    <div>
      <PageHeader
        title={team.data.name}
        description={team.data.description ?? `Your role: ${roleLabel(role)}`}
        actions={
          <>
            {currentTeamId === teamId ? (
              <span className="text-sm text-muted-foreground">Current team</span>
            ) : (
              <Button variant="outline" size="sm" onClick={() => setCurrentTeamId(teamId)}>
                Work in this team
              </Button>
            )}
            <Button variant="outline" size="sm" asChild>
              <Link to={`/app/teams/${teamId}/settings`}>
                <GearSix aria-hidden /> Team settings
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6 p-4 md:p-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section aria-labelledby="team-members" className="rounded-lg border bg-card p-4">
          <h2 id="team-members" className="mb-2 font-semibold">
            Members {members.data ? <span className="text-muted-foreground">({members.data.length})</span> : null}
          </h2>
          {members.isPending ? (
            <Skeleton className="h-24" />
          ) : (
            <ul className="divide-y">
              {(members.data ?? []).map((m) => (
                <MemberRow key={m.id} member={m} ownerId={team.data?.owner_id ?? ''} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="team-tasks" className="rounded-lg border bg-card p-4">
          <h2 id="team-tasks" className="mb-2 font-semibold">
            Tasks
          </h2>
          {tasks.isPending ? (
            <Skeleton className="h-24" />
          ) : !tasks.data?.length ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No team tasks yet. Assign a task to a member from its edit pane.</p>
          ) : (
            <ul className="divide-y">
              {tasks.data.map((t) => (
                <li key={t.id} className="flex items-center gap-2 py-2 text-sm">
                  {t.is_completed ? (
                    <CheckCircle aria-label="Completed" className="text-primary" />
                  ) : (
                    <Circle aria-label="Open" className="text-muted-foreground" />
                  )}
                  <Link to={`/app/tasks?view=all&taskId=${t.id}`} className="min-w-0 flex-1 truncate hover:underline">
                    {t.title}
                  </Link>
                  {t.assigned_to ? (
                    <span className="flex items-center gap-1 text-xs text-muted-foreground">
                      <MemberAvatar name={nameOf(t.assigned_to)} className="size-5 text-[10px]" />
                      {nameOf(t.assigned_to)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="team-activity" className="rounded-lg border bg-card p-4 lg:col-span-2">
          <h2 id="team-activity" className="mb-2 font-semibold">
            Activity
          </h2>
          {activity.isPending ? (
            <Skeleton className="h-24" />
          ) : !activity.data?.length ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No activity yet.</p>
          ) : (
            <ol aria-label="Team activity" className="grid gap-2">
              {activity.data.map((e) => (
                <li key={e.id} className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0">{describeActivity(e, nameOf)}</span>
                  <time dateTime={e.created_at} className="shrink-0 text-xs text-muted-foreground">
                    {relativeTime(e.created_at)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  )
}
