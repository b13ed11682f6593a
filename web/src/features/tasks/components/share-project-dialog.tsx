import { Copy, EnvelopeSimple, UserMinus, X } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { useRequiredUser } from '@/lib/auth-store'
import { describeError } from '@/lib/errors'
import { toast } from '@/lib/toast'
import {
  type Member,
  useCancelProjectInvite,
  useInviteLink,
  useProjectInvites,
  useProjectMembers,
  useRemoveProjectMember,
  useSendProjectInvites,
  useUpdateMemberRole,
} from '../api/project-sharing'
import type { Project } from '../types'
import { addEmails, inviteLink } from '../utils/emails'

const ROLE_LABEL: Record<Member['role'], string> = { owner: 'Owner', admin: 'Admin', member: 'Member' }

/**
 * The share dialog (001 §2, §4, §5, §6): invite by e-mail, an invite link
 * switch, members with their roles, open invitations. Owners and admins
 * invite and remove; only the owner changes roles; nobody changes or
 * removes their own entry; the owner's entry never changes.
 */
export function ShareProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const user = useRequiredUser()
  const manager = project.is_owner || project.user_role === 'admin'
  const members = useProjectMembers(project.id)
  const invites = useProjectInvites(project.id, manager)
  const send = useSendProjectInvites(project.id, user.id)
  const link = useInviteLink(project.id, user.id)
  const cancel = useCancelProjectInvite(project.id)
  const role = useUpdateMemberRole(project.id)
  const remove = useRemoveProjectMember(project.id)
  const [typed, setTyped] = useState('')
  const [emails, setEmails] = useState<string[]>([])
  const [emailError, setEmailError] = useState<string | null>(null)
  // The switch shows the user's choice at once and goes back if the server says no.
  const [linkOn, setLinkOn] = useState<boolean | null>(null)

  const linkInvite = invites.data?.find((i) => i.is_link)
  const on = linkOn ?? !!linkInvite
  const url = linkInvite ? inviteLink(window.location.origin, linkInvite.token) : ''

  const add = () => {
    if (!typed.trim()) return true
    const next = addEmails(emails, typed)
    if (next.error) {
      setEmailError(next.error)
      return false
    }
    setEmails(next.list)
    setTyped('')
    setEmailError(null)
    return true
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (typed.trim()) {
      const next = addEmails(emails, typed)
      if (next.error) {
        setEmailError(next.error === 'Invalid email' ? 'Invalid email addresses' : next.error)
        return
      }
      setTyped('')
      sendTo(next.list)
      return
    }
    sendTo(emails)
  }

  const sendTo = (list: string[]) => {
    if (!list.length) {
      setEmailError('No recipients')
      return
    }
    send.mutate(list, { onSuccess: () => setEmails([]) })
  }

  const toggleLink = (next: boolean) => {
    setLinkOn(next)
    link.mutate(
      { on: next, ...(linkInvite ? { inviteId: linkInvite.id } : {}) },
      { onError: () => setLinkOn(!next), onSettled: () => setTimeout(() => setLinkOn(null), 0) },
    )
  }

  const copy = () =>
    navigator.clipboard
      .writeText(url)
      .then(() => toast.success('Invite link copied'))
      .catch(() => toast.error('Invite link error', { description: 'Copy the link from the field instead.' }))

  const active = (members.data ?? []).filter((m) => m.status === 'active')
  const pending = (members.data ?? []).filter((m) => m.status === 'pending')

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Share “{project.name}”</DialogTitle>
          <DialogDescription>
            {manager ? 'People you invite see and edit the project’s tasks.' : 'The people this project is shared with.'}
          </DialogDescription>
        </DialogHeader>

        {manager ? (
          <form onSubmit={submit} className="grid gap-2" aria-label="Invite by email">
            <label htmlFor="share-emails" className="text-sm font-medium">
              Invite by email
            </label>
            <div className="flex gap-2">
              <Input
                id="share-emails"
                type="email"
                multiple
                value={typed}
                placeholder="name@example.com"
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? 'share-email-error' : undefined}
                onChange={(e) => {
                  setTyped(e.target.value)
                  setEmailError(null)
                }}
                onKeyDown={(e) => {
                  if (e.key === ',' || (e.key === 'Enter' && typed.trim() && emails.length)) {
                    e.preventDefault()
                    add()
                  }
                }}
              />
              <Button type="button" variant="outline" onClick={add}>
                Add
              </Button>
            </div>
            {emailError ? (
              <p id="share-email-error" role="alert" className="text-xs text-destructive">
                {emailError}
              </p>
            ) : null}
            {emails.length ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="To invite">
                {emails.map((m) => (
                  <li key={m} className="inline-flex items-center gap-1 rounded-md bg-secondary py-0.5 pr-1 pl-2 text-xs">
                    {m}
                    <button
                      type="button"
                      aria-label={`Remove ${m}`}
                      onClick={() => setEmails(emails.filter((x) => x !== m))}
                      className="rounded p-0.5 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <X size={12} aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <Button type="submit" className="justify-self-start" disabled={send.isPending}>
              <EnvelopeSimple size={16} aria-hidden /> Send invites
            </Button>
          </form>
        ) : null}

        {manager ? (
          <div className="grid gap-2 rounded-md border p-3">
            <div className="flex items-center justify-between gap-3">
              <label htmlFor="share-link-switch" className="grid gap-0.5">
                <span className="text-sm font-medium">Invite link</span>
                <span className="text-xs text-muted-foreground">Anyone signed in with the link can join once, as a member.</span>
              </label>
              <Switch id="share-link-switch" checked={on} disabled={link.isPending || invites.isPending} onCheckedChange={toggleLink} />
            </div>
            {on && url ? (
              <div className="flex gap-2">
                <Input readOnly value={url} aria-label="Invite link address" onFocus={(e) => e.currentTarget.select()} />
                <Button type="button" variant="outline" onClick={copy}>
                  <Copy size={16} aria-hidden /> Copy
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}

        <section aria-label="Members" className="grid gap-2">
          <h3 className="text-sm font-medium">Members</h3>
          {members.isError ? (
            <Alert variant="destructive">Error loading members: {describeError(members.error)}</Alert>
          ) : members.isPending ? (
            <div className="grid gap-2" aria-hidden>
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : (
            <ul className="grid divide-y rounded-md border">
              {active.map((m) => {
                const me = m.user_id === user.id
                const canChangeRole = project.is_owner && !me && m.role !== 'owner'
                const canRemove = manager && !me && m.role !== 'owner' && (project.is_owner || m.role === 'member')
                return (
                  <li key={m.id} className="flex items-center gap-2 px-3 py-2">
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate text-sm">
                        {m.name || m.email}
                        {me ? ' (you)' : ''}
                      </span>
                      {m.name ? <span className="truncate text-xs text-muted-foreground">{m.email}</span> : null}
                    </span>
                    {canChangeRole ? (
                      <select
                        aria-label={`Role of ${m.name || m.email}`}
                        value={m.role}
                        disabled={role.isPending}
                        onChange={(e) => role.mutate({ memberId: m.id, role: e.target.value === 'admin' ? 'admin' : 'member' })}
                        className="h-8 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        <option value="admin">Admin</option>
                        <option value="member">Member</option>
                      </select>
                    ) : (
                      <span className="text-xs text-muted-foreground">{ROLE_LABEL[m.role]}</span>
                    )}
                    {canRemove ? (
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Remove ${m.name || m.email}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(m.id)}
                      >
                        <UserMinus size={16} aria-hidden />
                      </Button>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          )}
        </section>

        {pending.length ? (
          <section aria-label="Pending invites" className="grid gap-2">
            <h3 className="text-sm font-medium">Pending invites</h3>
            <ul className="grid divide-y rounded-md border">
              {pending.map((m) => (
                <li key={m.id} className="flex items-center gap-2 px-3 py-2">
                  <span className="min-w-0 flex-1 truncate text-sm">{m.email}</span>
                  {m.expires_at ? (
                    <span className="text-xs text-muted-foreground">until {new Date(m.expires_at).toLocaleDateString()}</span>
                  ) : null}
                  {manager ? (
                    <Button variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate(m.id)} aria-label={`Cancel invite for ${m.email}`}>
                      Cancel
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
