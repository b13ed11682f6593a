/**
 * Query keys of the task module (STYLE: one hierarchical factory per
 * feature). Mutations invalidate through these, never a retyped array.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  /** The dashboard's open tasks. */
  list: (userId: string) => [...taskKeys.lists(), userId] as const,
  /** Every open task (and every subtask) the user reaches: the task screens' one list. */
  accessible: (userId: string) => [...taskKeys.lists(), userId, 'accessible'] as const,
  /** Completed top-level tasks, newest first (Logbook). */
  logbook: (userId: string) => [...taskKeys.lists(), userId, 'logbook'] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (taskId: string) => [...taskKeys.details(), taskId] as const,
  search: (userId: string, term: string) => [...taskKeys.all, 'search', userId, term] as const,
}

export const projectKeys = {
  all: ['projects'] as const,
  list: (userId: string) => [...projectKeys.all, 'list', userId] as const,
  /** Members and invitations of every project (what a change of project_invites may touch). */
  sharing: () => [...projectKeys.all, 'sharing'] as const,
  members: (projectId: string) => [...projectKeys.sharing(), 'members', projectId] as const,
  invites: (projectId: string) => [...projectKeys.sharing(), 'invites', projectId] as const,
  invite: (token: string) => [...projectKeys.all, 'invite', token] as const,
}

export const smartFilterKeys = {
  all: ['smart-filters'] as const,
  list: (userId: string) => [...smartFilterKeys.all, userId] as const,
}

export const tagKeys = {
  all: ['global-tags'] as const,
  list: (userId: string) => [...tagKeys.all, userId] as const,
}
