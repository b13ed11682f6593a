import { Bell, Check, Trash } from '@phosphor-icons/react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { describeError } from '@/lib/errors'
import { relativeTime } from '@/lib/relative-time'
import { toast } from '@/lib/toast'
import { cn } from '@/lib/cn'
import { supabase } from '@/lib/supabase'
import { unwrap } from '@/lib/errors'
import { acceptTeamInvitation } from '@/features/teams/api/accept-invitation'
import {
  type AppNotification,
  type InviteState,
  useDeleteNotification,
  useInviteStates,
  useMarkRead,
  useNotifications,
} from '@/features/notifications/api/notifications'

/** Accepts the invitation a notification carries: a team's by its token, a project's by RPC. */
export async function acceptInvitation(n: AppNotification, userId: string): Promise<string> {
  const token = typeof n.metadata.token === 'string' ? n.metadata.token : ''
  if (n.metadata.kind === 'team_invite') {
    const { teamId } = await acceptTeamInvitation(token, userId)
    return `/app/teams/${teamId}`
  }
  unwrap(await supabase.rpc('accept_project_invite', { p_invite_token: token }))
  return '/app/tasks'
}

const isInvite = (n: AppNotification) => n.type === 'project_invite' || n.metadata.kind === 'team_invite'

function InviteBadge({ children }: { children: string }) {
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
      {children === 'Accepted' ? <Check size={12} aria-hidden /> : null}
      {children}
    </span>
  )
}

/** Accept or decline an invitation in place; the answer stays on the row (002 §4). */
function InviteActions({ n, known, onRead }: { n: AppNotification; known: InviteState | undefined; onRead: () => void }) {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const [state, setState] = useState<'open' | 'busy' | 'accepted' | 'declined'>('open')
  if (state === 'accepted' || known === 'accepted') return <InviteBadge>Accepted</InviteBadge>
  if (state === 'declined') return <InviteBadge>Declined</InviteBadge>
  if (known === 'expired') return <InviteBadge>Expired</InviteBadge>
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy')
          acceptInvitation(n, user.id).then(
            (to) => {
              setState('accepted')
              onRead()
              toast.success('Invitation accepted')
              navigate(to)
            },
            (e: unknown) => {
              setState('open')
              toast.error('Error', { description: describeError(e) })
            },
          )
        }}
      >
        Accept
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={state === 'busy'}
        onClick={() => {
          setState('declined')
          onRead()
        }}
      >
        Decline
      </Button>
    </div>
  )
}

/** /app/notifications: the 50 newest, mark one or all read, delete, answer invitations. */
export default function Notifications() {
  const user = useRequiredUser()
  const list = useNotifications(user.id)
  const markRead = useMarkRead(user.id)
  const remove = useDeleteNotification(user.id)
  const invites = useInviteStates(user.id, list.data)
  const unread = (list.data ?? []).filter((n) => !n.is_read).length
  return (
    <div>
      <PageHeader
        title="Notifications"
        description={unread ? `${unread} unread` : 'You are all caught up.'}
        actions={
          <>
            <Button variant="outline" size="sm" disabled={!unread} onClick={() => markRead.mutate(null)}>
              <Check aria-hidden /> Mark all read
            </Button>
            <Button variant="ghost" size="sm" asChild>
              <Link to="/app/settings#notifications">Settings</Link>
            </Button>
          </>
        }
      />
      <div className="mx-auto max-w-3xl p-4 md:p-6">
        {list.isPending ? (
          <div className="grid gap-2" aria-busy>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : list.isError ? (
          <EmptyState icon={Bell} title="Failed to fetch notifications" description="Check your connection and try again.">
            <Button variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </EmptyState>
        ) : list.data.length === 0 ? (
          <EmptyState icon={Bell} title="No notifications" description="Assignments, mentions, invitations, reminders and deadlines show up here." />
        ) : (
          <ul aria-label="Notifications" className="grid gap-2">
            {list.data.map((n) => {
              const url = typeof n.metadata.actionUrl === 'string' ? n.metadata.actionUrl.replace(/^\/teams\//, '/app/teams/') : null
              return (
                <li
                  key={n.id}
                  aria-label={n.title}
                  className={cn('flex gap-3 rounded-lg border bg-card p-3', !n.is_read && 'border-primary/40 bg-primary/5')}
                >
                  <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.is_read ? 'bg-transparent' : 'bg-primary')} />
                  <div className="grid min-w-0 flex-1 gap-1">
                    <div className="flex items-baseline justify-between gap-2">
                      {url && !isInvite(n) ? (
                        <Link to={url} className="truncate font-medium hover:underline" onClick={() => !n.is_read && markRead.mutate(n.id)}>
                          {n.title}
                        </Link>
                      ) : (
                        <span className="truncate font-medium">{n.title}</span>
                      )}
                      <time dateTime={n.created_at} className="shrink-0 text-xs text-muted-foreground">
                        {relativeTime(n.created_at)}
                      </time>
                    </div>
                    {n.message ? <p className="text-sm text-muted-foreground">{n.message}</p> : null}
                    {isInvite(n) ? <InviteActions n={n} known={invites.data?.get(n.id)} onRead={() => !n.is_read && markRead.mutate(n.id)} /> : null}
                  </div>
                  <div className="flex shrink-0 items-start gap-1">
                    {n.is_read ? null : (
                      <Button variant="ghost" size="icon-sm" aria-label={`Mark “${n.title}” read`} onClick={() => markRead.mutate(n.id)}>
                        <Check aria-hidden />
                      </Button>
                    )}
                    <Button variant="ghost" size="icon-sm" aria-label={`Delete “${n.title}”`} onClick={() => remove.mutate(n.id)}>
                      <Trash aria-hidden />
                    </Button>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </div>
  )
}
