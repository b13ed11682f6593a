import { Plus, UsersThree } from '@phosphor-icons/react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { useRequiredUser } from '@/lib/auth-store'
import { roleIn, useCreateTeam, useTeams } from '../api/teams'
import { useTeamContext } from '@/lib/team-context'
import { MemberAvatar, memberName } from '@/components/ui/member-avatar'
import { TeamSwitcher } from './team-switcher'
import { roleLabel } from '@/lib/team-activity'


/** /app/teams: a card per team with its members' avatars and the user's role. */
export function TeamList() {
  const user = useRequiredUser()
  const teams = useTeams(user.id)
  const current = useTeamContext((s) => s.currentTeamId)
  const newTeam = (
    <Button asChild>
      <Link to="/app/teams/create">
        <Plus aria-hidden /> New team
      </Link>
    </Button>
  )
  return (
    <div>
      <PageHeader
        title="Teams"
        description="Work together on shared tasks."
        actions={
          <>
            <TeamSwitcher />
            {newTeam}
          </>
        }
      />
      <div className="p-4 md:p-6">
        {teams.isPending ? (
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-busy>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-32 rounded-lg" />
            ))}
          </div>
        ) : teams.isError ? (
          <EmptyState icon={UsersThree} title="Teams could not be loaded" description={teams.error.message}>
            <Button variant="outline" onClick={() => void teams.refetch()}>
              Try again
            </Button>
          </EmptyState>
        ) : teams.data.length === 0 ? (
          <EmptyState icon={UsersThree} title="No teams yet" description="Create a team and invite people to share tasks with them.">
            {newTeam}
          </EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {teams.data.map(({ team, members }) => {
              const role = roleIn(team, members, user.id)
              return (
                <li key={team.id}>
                  <Link
                    to={`/app/teams/${team.id}`}
                    className="flex h-full flex-col gap-3 rounded-lg border bg-card p-4 outline-none transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <div className="flex items-start justify-between gap-2">
                      <h2 className="truncate font-semibold">{team.name}</h2>
                      <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                        {roleLabel(role)}
                        {current === team.id ? ' · current' : ''}
                      </span>
                    </div>
                    {team.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{team.description}</p> : null}
                    <div className="mt-auto flex items-center gap-2">
                      <div className="flex -space-x-2">
                        {members.slice(0, 5).map((m) => (
                          <MemberAvatar key={m.id} name={memberName(m)} url={m.avatar_url} />
                        ))}
                      </div>
                      <span className="text-xs text-muted-foreground">
                        {members.length} {members.length === 1 ? 'member' : 'members'}
                      </span>
                    </div>
                  </Link>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </div>
  )
}

/** /app/teams/create: name and description; the creator becomes owner and admin. */
export function TeamCreate() {
  const navigate = useNavigate()
  const create = useCreateTeam()
  const setCurrent = useTeamContext((s) => s.setCurrentTeamId)
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [tried, setTried] = useState(false)
  const nameError = tried && !name.trim() ? 'Team name is required' : null
  return (
    <div>
      <PageHeader title="Create a team" description="Teams share tasks and see each other's activity." />
      <form
        className="grid max-w-xl gap-4 p-4 md:p-6"
        onSubmit={(e) => {
          e.preventDefault()
          setTried(true)
          if (!name.trim()) return
          create.mutate(
            { name: name.trim(), description: description.trim() },
            {
              onSuccess: ({ id }) => {
                setCurrent(id)
                navigate(`/app/teams/${id}`)
              },
            },
          )
        }}
      >
        <Field label="Team name" error={nameError}>
          {(p) => <Input {...p} value={name} maxLength={100} autoFocus onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Description" hint="Optional, up to 1000 characters.">
          {(p) => <Textarea {...p} value={description} maxLength={1000} rows={3} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
        <div className="flex gap-2">
          <Button type="submit" disabled={create.isPending}>
            Create team
          </Button>
          <Button variant="outline" asChild>
            <Link to="/app/teams">Cancel</Link>
          </Button>
        </div>
      </form>
    </div>
  )
}
