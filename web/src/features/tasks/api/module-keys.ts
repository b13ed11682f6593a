/** Query keys of the task module's projects, smart filters and tags (tasks: keys.ts). */
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
