/** Query keys of the integrations (one factory per feature). */
export const integrationKeys = {
  all: ['integrations'] as const,
  user: (userId: string) => [...integrationKeys.all, userId] as const,
  connections: (userId: string) => [...integrationKeys.user(userId), 'connections'] as const,
  log: (userId: string) => [...integrationKeys.user(userId), 'log'] as const,
  repos: (userId: string) => [...integrationKeys.user(userId), 'repos'] as const,
}
