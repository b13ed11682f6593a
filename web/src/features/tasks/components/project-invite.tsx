import { FolderSimpleUser, WarningCircle } from '@phosphor-icons/react'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageSpinner } from '@/components/ui/spinner'
import { describeError } from '@/lib/errors'
import { toast } from '@/lib/toast'
import { useAcceptProjectInvite, useProjectInvitePreview } from '../api/accept-project-invite'

const CLOSED: Record<'used' | 'expired' | 'deleted' | 'gone', string> = {
  used: 'This invitation has already been used.',
  expired: 'This invitation has expired. Ask for a new one.',
  deleted: 'This project no longer exists.',
  gone: 'This invitation was cancelled or does not exist. Ask for a new one.',
}

/** A project invitation's token: 24 random bytes in hex (0104); a team's is 32. */
const PROJECT_TOKEN = /^[0-9a-f]{48}$/

/**
 * The page an invite link opens ({origin}/app/teams/join/{token}, 001 §7):
 * what the project is and who invited, then joining it
 * (accept_project_invite). A token that is not a project's shows fallback
 * (the same links serve team invitations).
 */
export function ProjectInvite({ token, fallback }: { token: string; fallback: ReactNode }) {
  const navigate = useNavigate()
  const preview = useProjectInvitePreview(token)
  const accept = useAcceptProjectInvite()

  if (preview.isPending) return <PageSpinner />
  if (preview.isError) {
    return (
      <div className="mx-auto max-w-md p-6">
        <Alert variant="destructive">Could not open the invitation: {describeError(preview.error)}</Alert>
      </div>
    )
  }
  const invite = preview.data
  if (!invite && !PROJECT_TOKEN.test(token)) return <>{fallback}</>
  if (!invite || invite.status !== 'open') {
    return (
      <EmptyState icon={WarningCircle} title="Project invitation" description={CLOSED[invite ? invite.status : 'gone']}>
        <Button variant="outline" onClick={() => navigate('/app/tasks')}>
          Go to tasks
        </Button>
      </EmptyState>
    )
  }
  const open = () => navigate(`/app/tasks/project/${invite.projectId}`)
  const by = invite.inviterName ? `${invite.inviterName} invited you to` : 'You are invited to'
  return (
    <EmptyState icon={FolderSimpleUser} title={`Join ${invite.projectName}`} description={`${by} the project “${invite.projectName}”. Its tasks will show in your lists and you can add your own.`}>
      {invite.alreadyMember ? (
        <Button onClick={open}>Open project</Button>
      ) : invite.wrongRecipient ? (
        <Alert variant="destructive">This invitation was sent to a different email address. Sign in with that address to accept it.</Alert>
      ) : (
        <Button
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: (joined) => {
                toast.success('Joined project', { description: joined.projectName })
                navigate(`/app/tasks/project/${joined.projectId}`)
              },
            })
          }
        >
          Join project
        </Button>
      )}
      {accept.isError ? <Alert variant="destructive">{describeError(accept.error)}</Alert> : null}
    </EmptyState>
  )
}
