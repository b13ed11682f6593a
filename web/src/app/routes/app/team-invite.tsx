import { UsersThree } from '@phosphor-icons/react'
import { useNavigate, useParams } from 'react-router'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { useRequiredUser } from '@/lib/auth-store'
import { ProjectInvite } from '@/features/tasks/components/project-invite'
import { useAcceptTeamInvitation } from '@/features/teams/api/accept-invitation'

/** A team invitation: accept to join the team with the role it names. */
function TeamInvitation({ token }: { token: string }) {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const accept = useAcceptTeamInvitation()
  return (
    <EmptyState icon={UsersThree} title="Team invitation" description="Accept to join the team with the role you were invited with.">
      <Button
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(
            { token, userId: user.id },
            {
              onSuccess: ({ teamId }) => {
                toast.success('Invitation accepted')
                navigate(`/app/teams/${teamId}`)
              },
            },
          )
        }
      >
        Accept invitation
      </Button>
      {accept.isError ? <Alert variant="destructive">{accept.error.message}</Alert> : null}
    </EmptyState>
  )
}

/**
 * /app/teams/join/{token}: the link of a project invitation (001 §7) or a
 * team invitation (000 §2); the project's is tried first.
 */
export default function TeamInvite() {
  const { token = '' } = useParams()
  return <ProjectInvite token={token} fallback={<TeamInvitation token={token} />} />
}
