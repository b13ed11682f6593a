import { ArrowLeft, Copy, Trash } from '@phosphor-icons/react'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { useRequiredUser } from '@/lib/auth-store'
import { toast } from '@/lib/toast'
import {
  type Team,
  roleIn,
  useCancelInvitation,
  useChangeRole,
  useDeleteTeam,
  useInviteMember,
  useRemoveMember,
  useTeam,
  useTeamInvitations,
  useTeamMembers,
  useUpdateTeam,
} from '../api/teams'
import { useTeamContext } from '@/lib/team-context'
import { MemberAvatar, memberName } from '@/components/ui/member-avatar'
import { roleLabel } from '@/lib/team-activity'
import { TeamLoading, TeamNotFound } from './team-states'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const selectClass =
  'h-8 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50'

/** The join link of an invitation: the public page, which signs people in first. */
export const joinLink = (token: string) => `${window.location.origin}/teams/join/${token}`

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-3 rounded-lg border bg-card p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Details({ team, canEdit }: { team: Team; canEdit: boolean }) {
  const update = useUpdateTeam(team.id)
  const [name, setName] = useState(team.name)
  const [description, setDescription] = useState(team.description ?? '')
  const nameError = !name.trim() ? 'Team name is required' : null
  return (
    <Section id="team-details" title="Details">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          if (!nameError) update.mutate({ name: name.trim(), description: description.trim() })
        }}
      >
        <Field label="Team name" error={nameError}>
          {(p) => <Input {...p} value={name} maxLength={100} disabled={!canEdit} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Description">
          {(p) => <Textarea {...p} value={description} maxLength={1000} rows={3} disabled={!canEdit} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
        {canEdit ? (
          <div>
            <Button type="submit" disabled={update.isPending || !!nameError}>
              Save changes
            </Button>
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">Only the team owner and admins change these.</p>
        )}
      </form>
    </Section>
  )
}

function Invite({ teamId, isOwner }: { teamId: string; isOwner: boolean }) {
  const user = useRequiredUser()
  const invite = useInviteMember(teamId, user.id)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState('member')
  const [error, setError] = useState<string | null>(null)
  return (
    <Section id="team-invite" title="Invite a member">
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          const value = email.trim()
          if (!EMAIL.test(value) || value.length > 254) return setError('Invalid email')
          setError(null)
          invite.mutate({ email: value, role }, { onSuccess: () => setEmail('') })
        }}
      >
        <Field label="Email" error={error} className="min-w-0 flex-1 basis-56">
          {(p) => <Input {...p} type="email" value={email} placeholder="name@example.com" onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <label className="grid gap-1.5 text-sm font-medium">
          Role
          <select aria-label="Invitation role" className={selectClass} value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="member">Member</option>
            {isOwner ? <option value="admin">Admin</option> : null}
          </select>
        </label>
        <Button type="submit" disabled={invite.isPending}>
          Send invitation
        </Button>
      </form>
    </Section>
  )
}

function PendingInvitations({ teamId }: { teamId: string }) {
  const invitations = useTeamInvitations(teamId, true)
  const cancel = useCancelInvitation(teamId)
  return (
    <Section id="team-pending" title="Pending invitations">
      {invitations.isPending ? (
        <Skeleton className="h-12" />
      ) : !invitations.data?.length ? (
        <p className="text-sm text-muted-foreground">No pending invitations.</p>
      ) : (
        <ul className="divide-y">
          {invitations.data.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <span className="min-w-0 flex-1 basis-full break-all sm:basis-0">
                {i.email} <span className="text-muted-foreground">· {roleLabel(i.role)}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Copy invitation link for ${i.email}`}
                onClick={() =>
                  void navigator.clipboard.writeText(joinLink(i.token)).then(
                    () => toast.success('Invite link copied'),
                    () => toast.error('Error', { description: 'The link could not be copied.' }),
                  )
                }
              >
                <Copy aria-hidden /> Copy link
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Cancel invitation for ${i.email}`} disabled={cancel.isPending} onClick={() => cancel.mutate(i.id)}>
                Cancel
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

function Members({ team, myRole }: { team: Team; myRole: string | null }) {
  const user = useRequiredUser()
  const members = useTeamMembers(team.id)
  const changeRole = useChangeRole(team.id)
  const remove = useRemoveMember(team.id)
  const isOwner = myRole === 'owner'
  const canManage = isOwner || myRole === 'admin'
  return (
    <Section id="team-members-settings" title="Members">
      {members.isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <ul className="divide-y">
          {(members.data ?? []).map((m) => {
            const name = memberName(m)
            const isTeamOwner = m.user_id === team.owner_id
            const self = m.user_id === user.id
            return (
              <li key={m.id} className="flex flex-wrap items-center gap-3 py-2">
                <MemberAvatar name={name} url={m.avatar_url} />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">
                  {name}
                  {self ? ' (you)' : ''}
                </span>
                {isOwner && !self && !isTeamOwner ? (
                  <select
                    aria-label={`Role of ${name}`}
                    className={selectClass}
                    value={m.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => changeRole.mutate({ memberId: m.id, role: e.target.value })}
                  >
                    <option value="member">Member</option>
                    <option value="admin">Admin</option>
                  </select>
                ) : (
                  <span className="text-xs text-muted-foreground">{roleLabel(isTeamOwner ? 'owner' : m.role)}</span>
                )}
                {canManage && !self && !isTeamOwner && (isOwner || m.role !== 'admin') ? (
                  <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} disabled={remove.isPending} onClick={() => remove.mutate(m.id)}>
                    Remove
                  </Button>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </Section>
  )
}

function DangerZone({ team }: { team: Team }) {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const del = useDeleteTeam(team.id, user.id)
  const { currentTeamId, setCurrentTeamId } = useTeamContext()
  return (
    <Section id="team-danger" title="Delete team">
      <p className="text-sm text-muted-foreground">Deleting the team removes its members and feed. Its tasks stay with their owners.</p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" className="w-fit">
            <Trash aria-hidden /> Delete team
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>Delete team</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to delete “{team.name}”? This cannot be undone.</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              // mutateAsync, not mutate's callbacks: the team's realtime DELETE can unmount
              // this page before the response, and react-query drops an unmounted mutate's onSuccess.
              onClick={() =>
                void del.mutateAsync().then(
                  () => {
                    if (currentTeamId === team.id) setCurrentTeamId(null)
                    navigate('/app/teams')
                  },
                  () => {}, // reported by the hook's onError
                )
              }
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Section>
  )
}

/** /app/teams/{teamId}/settings: details, invitations, members and roles, deletion (owner). */
export function TeamSettings() {
  const { teamId = '' } = useParams()
  const user = useRequiredUser()
  const team = useTeam(teamId)
  const members = useTeamMembers(teamId)
  if (team.isPending || members.isPending) {
    return <TeamLoading />
  }
  if (!team.data) {
    return <TeamNotFound />
  }
  const role = roleIn(team.data, members.data, user.id)
  const canManage = role === 'owner' || role === 'admin'
  return (
    <div>
      <PageHeader
        title="Team settings"
        description={team.data.name}
        actions={
          <Button variant="outline" size="sm" asChild>
            <Link to={`/app/teams/${teamId}`}>
              <ArrowLeft aria-hidden /> Back to team
            </Link>
          </Button>
        }
      />
      <div className="grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-4 p-4 md:p-6">
        <Details key={team.data.id} team={team.data} canEdit={canManage} />
        {canManage ? <Invite teamId={teamId} isOwner={role === 'owner'} /> : null}
        {canManage ? <PendingInvitations teamId={teamId} /> : null}
        <Members team={team.data} myRole={role} />
        {role === 'owner' ? <DangerZone team={team.data} /> : null}
      </div>
    </div>
  )
}
