/**
 * Query keys of the task module (STYLE: hierarchical factories; mutations
 * invalidate through these, never a retyped array). Tasks here; projects,
 * smart filters and tags in module-keys.ts, so the dashboard's code carries
 * only these.
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
  agenda: (userId: string, today: string) => [...taskKeys.lists(), 'agenda', userId, today] as const,
}
