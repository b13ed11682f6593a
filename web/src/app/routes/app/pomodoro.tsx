import { useRequiredUser } from '@/lib/auth-store'
import { activeSessionQueryOptions } from '@/features/pomodoro/api/get-active-session'
import { recentSessionsQueryOptions } from '@/features/pomodoro/api/get-recent-sessions'
import { weekStatsQueryOptions } from '@/features/pomodoro/api/get-week-stats'
import { settingsQueryOptions } from '@/features/pomodoro/api/settings'
import { PomodoroPage } from '@/features/pomodoro/components/pomodoro-page'
import { useOpenTasks } from '@/features/tasks/api/get-tasks'
import type { Prefetch } from '../../route-table'

/** The timer page's first queries. */
export const prefetch: Prefetch = (userId) => [
  activeSessionQueryOptions(userId),
  recentSessionsQueryOptions(userId),
  weekStatsQueryOptions(userId, new Date()),
  settingsQueryOptions(userId),
]

/** /app/pomodoro: the focus timer, its session tied to one of the open tasks. */
export default function Pomodoro() {
  const user = useRequiredUser()
  const tasks = useOpenTasks(user.id).data ?? []
  return <PomodoroPage tasks={tasks} />
}
