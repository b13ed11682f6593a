import { UserCircle } from '@phosphor-icons/react'
import { useRequiredUser } from '@/lib/auth-store'
import { useAssignTask, useAssignableMembers } from '../../api/assign-task'
import { useTeamContext } from '@/lib/team-context'
import { memberName } from '@/components/ui/member-avatar'

const selectClass =
  'h-8 w-full rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50'

/**
 * Assigns the task to an active member of its team, or of the current team
 * context when it has none (002 §4). Assigning saves at once, apart from the
 * pane's draft: it notifies the assignee.
 */
export function AssigneeField({ task }: { task: { id: string; assigned_to: string | null; team_id: string | null } }) {
  const user = useRequiredUser()
  const current = useTeamContext((s) => s.currentTeamId)
  const teamId = task.team_id ?? current
  const members = useAssignableMembers(teamId)
  const assign = useAssignTask(user.id)
  if (!teamId) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <UserCircle size={16} aria-hidden /> Choose a team in Teams to assign this task.
      </p>
    )
  }
  const choices = members.data ?? []
  const value = task.assigned_to && choices.some((m) => m.user_id === task.assigned_to) ? task.assigned_to : ''
  return (
    <div className="flex items-center gap-2">
      <UserCircle size={16} className="shrink-0 text-muted-foreground" aria-hidden />
      <select
        aria-label="Assignee"
        className={selectClass}
        value={value}
        disabled={members.isPending || assign.isPending}
        onChange={(e) => e.target.value && assign.mutate({ taskId: task.id, assignee: e.target.value, teamId })}
      >
        <option value="" disabled>
          Unassigned
        </option>
        {choices.map((m) => (
          <option key={m.user_id} value={m.user_id}>
            {memberName(m)}
            {m.user_id === user.id ? ' (me)' : ''}
          </option>
        ))}
      </select>
    </div>
  )
}
