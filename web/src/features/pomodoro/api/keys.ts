/** Query keys of the focus timer (STYLE: one hierarchical factory per feature). */
export const pomodoroKeys = {
  all: ['pomodoro'] as const,
  user: (userId: string) => [...pomodoroKeys.all, userId] as const,
  active: (userId: string) => [...pomodoroKeys.user(userId), 'active'] as const,
  recent: (userId: string) => [...pomodoroKeys.user(userId), 'recent'] as const,
  stats: (userId: string, from: string, to: string) => [...pomodoroKeys.user(userId), 'stats', from, to] as const,
  allStats: (userId: string) => [...pomodoroKeys.user(userId), 'stats'] as const,
  settings: (userId: string, deviceId: string) => [...pomodoroKeys.user(userId), 'settings', deviceId] as const,
  task: (userId: string, taskId: string) => [...pomodoroKeys.user(userId), 'task', taskId] as const,
}
