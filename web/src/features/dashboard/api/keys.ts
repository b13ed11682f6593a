/** Query keys of the dashboard's own reads (one factory per feature). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  recentNotes: (userId: string) => [...dashboardKeys.all, userId, 'notes'] as const,
  recentJournal: (userId: string) => [...dashboardKeys.all, userId, 'journal'] as const,
  team: (userId: string, teamId: string) => [...dashboardKeys.all, userId, 'team', teamId] as const,
}
