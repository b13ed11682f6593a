export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (userId: string) => [...taskKeys.lists(), userId] as const,
  agenda: (userId: string, today: string) => [...taskKeys.lists(), 'agenda', userId, today] as const,
}
