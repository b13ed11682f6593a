import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { dayBefore, localDay, weekDays } from '../utils/timer'
import { pomodoroKeys } from './keys'

/**
 * The statistics of this week's dates (000 §7), Monday first, and of the
 * day before today (whose streak today continues). The server keeps them
 * as sessions end (0701), on the user's calendar day.
 */
export async function getWeekStats(userId: string, from: string, to: string, signal: AbortSignal) {
  return unwrap(
    await supabase
      .from('pomodoro_stats')
      .select('date, completed_sessions, total_sessions, total_focus_minutes, total_break_minutes, current_streak, longest_streak')
      .eq('user_id', userId)
      .gte('date', from)
      .lte('date', to)
      .order('date')
      .abortSignal(signal),
  )
}

export type StatDay = Awaited<ReturnType<typeof getWeekStats>>[number]

/** The dates the week's statistics cover on day now. */
export function statsRange(now: Date): { days: string[]; from: string; to: string; today: string } {
  const days = weekDays(now)
  const today = localDay(now)
  const yesterday = dayBefore(today)
  const monday = days[0] ?? today
  return { days, from: yesterday < monday ? yesterday : monday, to: days[6] ?? today, today }
}

export function weekStatsQueryOptions(userId: string, now: Date) {
  const { from, to } = statsRange(now)
  return queryOptions({
    queryKey: pomodoroKeys.stats(userId, from, to),
    queryFn: ({ signal }) => getWeekStats(userId, from, to, signal),
  })
}

export function useWeekStats(userId: string, now: Date) {
  return useQuery(weekStatsQueryOptions(userId, now))
}
