import { useRequiredUser } from '@/lib/auth-store'
import { statsRange, useWeekStats } from '../api/get-week-stats'
import { useFocusSettings } from '../api/settings'
import { currentStreak } from '../utils/timer'

export type FocusToday = { isPending: boolean; minutes: number; sessions: number; goal: number; streak: number }

/** Today's focus (pomodoro_stats, kept by the server) against the daily goal, and the streak. */
export function useFocusToday(now: Date): FocusToday {
  const user = useRequiredUser()
  const stats = useWeekStats(user.id, now)
  const settings = useFocusSettings(user.id)
  const { today } = statsRange(now)
  const row = stats.data?.find((d) => d.date === today)
  return {
    isPending: stats.isPending,
    minutes: row?.total_focus_minutes ?? 0,
    sessions: row?.completed_sessions ?? 0,
    goal: settings.daily_goal,
    streak: stats.data ? currentStreak(stats.data, today) : 0,
  }
}
