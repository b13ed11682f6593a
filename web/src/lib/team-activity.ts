// A team's activity feed (team_activity_log, 002 §4) in words, shared by
// the team's page and the dashboard's team card.

const ROLE_LABEL: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' }

/** 'Owner', 'Admin', 'Member'; '' for none. */
export const roleLabel = (role: string | null) => (role ? (ROLE_LABEL[role] ?? role) : '')

/** One row of team_activity_log as the feeds read it. */
export type TeamActivityEntry = {
  user_id: string | null
  action: string
  metadata: unknown
}

const ACTIONS: Record<string, string> = {
  team_created: 'created the team',
  member_invited: 'invited',
  member_joined: 'joined the team',
  member_left: 'left the team',
  member_removed: 'removed',
  role_changed: 'changed the role of',
  task_assigned: 'assigned',
}

function meta(e: TeamActivityEntry): Record<string, unknown> {
  return e.metadata && typeof e.metadata === 'object' && !Array.isArray(e.metadata) ? (e.metadata as Record<string, unknown>) : {}
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)

/**
 * One line of the feed in words: who did what to whom or what, from the
 * metadata the server's triggers write (migrations 0201, 0204):
 * 'You invited bea@example.com', 'Ada changed the role of Bea to Admin'.
 */
export function describeActivity(e: TeamActivityEntry, nameOf: (id: string) => string): string {
  const m = meta(e)
  const who = e.user_id ? nameOf(e.user_id) : 'Someone'
  const verb = ACTIONS[e.action] ?? e.action.replace(/_/g, ' ')
  let object = ''
  switch (e.action) {
    case 'team_created':
    case 'member_joined':
    case 'member_left':
      break
    case 'member_invited':
      object = str(m.email) ?? ''
      break
    case 'member_removed':
    case 'role_changed':
      object = str(m.name) ?? 'a member'
      break
    case 'task_assigned': {
      const title = str(m.task_title) ?? str(m.title)
      object = `${title ? `“${title}”` : 'a task'}${str(m.assignee_name) ? ` to ${m.assignee_name as string}` : ''}`
      break
    }
    default: {
      const title = str(m.title) ?? str(m.name)
      object = title ? `“${title}”` : ''
    }
  }
  const role = e.action === 'role_changed' ? (str(m.new_role) ?? str(m.role)) : null
  return `${who} ${verb}${object ? ` ${object}` : ''}${role ? ` to ${roleLabel(role)}` : ''}`
}
