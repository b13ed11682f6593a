import type { QueryClient } from '@tanstack/react-query'
import { getDeviceId } from '@/lib/device'
import { describeError, unwrap } from '@/lib/errors'
import { ensureTimeZonePreference } from '@/lib/preferences'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { useFocusStore } from '../stores/focus-store'
import { type SessionType, endsAt, localDay, nextType, pausedSecondsAfterResume } from '../utils/timer'
import type { FocusSession } from './get-active-session'
import { recentSessionsQueryOptions } from './get-recent-sessions'
import { pomodoroKeys } from './keys'
import { DEFAULT_SETTINGS, type FocusSettings, settingsQueryOptions } from './settings'

/**
 * What the timer's controls, shortcuts and the engine do to sessions
 * (000 §4): start (which cancels the running one, on the server), pause,
 * resume, complete, cancel and skip. Each shows its result at once in the
 * active-session query and puts it back, with a toast, when the server
 * refuses. Timestamps are the browser's clock, the one it counts with.
 */

type Context = { queryClient: QueryClient; userId: string }

function activeKey(userId: string) {
  return pomodoroKeys.active(userId)
}

function settingsOf({ queryClient, userId }: Context): FocusSettings {
  return queryClient.getQueryData(settingsQueryOptions(userId).queryKey) ?? DEFAULT_SETTINGS
}

/** The session's minutes for a type, from the settings. */
export function durationFor(type: SessionType, s: FocusSettings): number {
  if (type === 'work') return s.work_duration
  return type === 'long_break' ? s.long_break_duration : s.short_break_duration
}

/** Runs a change shown at once as optimistic, undone with a toast when it fails. */
async function change(
  ctx: Context,
  optimistic: FocusSession | null,
  request: () => Promise<void>,
  failure: string,
): Promise<boolean> {
  const { queryClient, userId } = ctx
  const key = activeKey(userId)
  const store = useFocusStore.getState()
  await queryClient.cancelQueries({ queryKey: key })
  const previous = queryClient.getQueryData<FocusSession | null>(key)
  queryClient.setQueryData(key, optimistic)
  store.setBusy(true)
  try {
    await request()
    return true
  } catch (e) {
    queryClient.setQueryData(key, previous)
    toast.error(failure, { description: describeError(e) })
    return false
  } finally {
    store.setBusy(false)
    void queryClient.invalidateQueries({ queryKey: pomodoroKeys.user(userId), refetchType: 'active' })
  }
}

export type StartOptions = { type: SessionType; cycles: number; taskId?: string | null }

/** Starts a session of type now; the server cancels the one running (000 §4). */
export async function startSession(ctx: Context, { type, cycles, taskId }: StartOptions): Promise<boolean> {
  const settings = settingsOf(ctx)
  const now = new Date(Date.now()).toISOString()
  const row = {
    id: crypto.randomUUID(),
    user_id: ctx.userId,
    type,
    task_id: type === 'work' ? (taskId ?? null) : null,
    started_at: now,
    duration_minutes: durationFor(type, settings),
    status: 'active' as const,
    paused_duration_seconds: 0,
    device_id: getDeviceId(),
    completed_cycles: cycles,
  }
  const optimistic: FocusSession = {
    ...row,
    ended_at: null,
    paused_at: null,
    is_deleted: false,
    notes: null,
    created_at: now,
    updated_at: now,
  }
  useFocusStore.getState().chooseType(null)
  useFocusStore.getState().setAutoStartAt(null)
  // The server counts a session on the user's calendar day (0701).
  void ensureTimeZonePreference(ctx.userId)
  return change(
    ctx,
    optimistic,
    async () => {
      unwrap(await supabase.from('pomodoro_sessions').insert(row))
    },
    'Could not start the timer',
  )
}

export async function pauseSession(ctx: Context, s: FocusSession): Promise<boolean> {
  const pausedAt = new Date(Date.now()).toISOString()
  return change(
    ctx,
    { ...s, status: 'paused', paused_at: pausedAt },
    async () => {
      unwrap(await supabase.from('pomodoro_sessions').update({ status: 'paused', paused_at: pausedAt }).eq('id', s.id).eq('status', 'active'))
    },
    'Could not pause the timer',
  )
}

export async function resumeSession(ctx: Context, s: FocusSession): Promise<boolean> {
  const paused = pausedSecondsAfterResume(s, Date.now())
  return change(
    ctx,
    { ...s, status: 'active', paused_at: null, paused_duration_seconds: paused },
    async () => {
      unwrap(
        await supabase
          .from('pomodoro_sessions')
          .update({ status: 'active', paused_duration_seconds: paused })
          .eq('id', s.id)
          .eq('status', 'paused'),
      )
    },
    'Could not resume the timer',
  )
}

/** Stops the session without completing it (it counts as cancelled). */
export async function cancelSession(ctx: Context, s: FocusSession): Promise<boolean> {
  const endedAt = new Date(Math.max(Date.now(), Date.parse(s.started_at))).toISOString()
  return change(
    ctx,
    null,
    async () => {
      unwrap(
        await supabase
          .from('pomodoro_sessions')
          .update({ status: 'cancelled', ended_at: endedAt })
          .eq('id', s.id)
          .in('status', ['active', 'paused']),
      )
    },
    'Could not stop the timer',
  )
}

/**
 * Completes a session that reached 0, ended at the moment it did (not when
 * this ran: the tab may have slept). Only one device wins when several see
 * the end: the update applies only to a session still active, and true
 * means this call made the change (it then starts what follows).
 */
export async function completeSession(ctx: Context, s: FocusSession): Promise<boolean> {
  const { queryClient, userId } = ctx
  const cycles = s.type === 'work' ? s.completed_cycles + 1 : s.completed_cycles
  const endedAt = new Date(endsAt(s)).toISOString()
  const key = activeKey(userId)
  await queryClient.cancelQueries({ queryKey: key })
  queryClient.setQueryData(key, null)
  try {
    const rows = unwrap(
      await supabase
        .from('pomodoro_sessions')
        .update({ status: 'completed', ended_at: endedAt, completed_cycles: cycles })
        .eq('id', s.id)
        .eq('status', 'active')
        .select('id'),
    )
    return rows.length > 0
  } catch (e) {
    toast.error('Could not save the finished session', { description: describeError(e) })
    return false
  } finally {
    void queryClient.invalidateQueries({ queryKey: pomodoroKeys.user(userId), refetchType: 'active' })
  }
}

/**
 * Skips to what follows: the next session starts at once, which stops the
 * running one (cancelled, so a skipped focus session does not count: a
 * short break follows it, and focus follows a break).
 */
export async function skipSession(ctx: Context, s: FocusSession): Promise<boolean> {
  const type = s.type === 'work' ? 'short_break' : 'work'
  return startSession(ctx, { type, cycles: s.completed_cycles, taskId: type === 'work' ? taskForWork(ctx) : null })
}

/**
 * The task a focus session that starts by itself is about: the one chosen
 * in this browser, else the one of the latest focus session.
 */
export function taskForWork({ queryClient, userId }: Context): string | null {
  const chosen = useFocusStore.getState().taskId
  if (chosen) return chosen
  const recent = queryClient.getQueryData(recentSessionsQueryOptions(userId).queryKey)
  return recent?.find((s) => s.type === 'work')?.task_id ?? null
}

/** How long after its latest session a run still continues across midnight. */
const RUN_GAP_MS = 60 * 60_000

/**
 * The work sessions completed in the current run: the count the latest
 * session carries while the run continues, 0 when a new one begins. A run
 * continues while its latest session ended (or, still running, started)
 * today or less than an hour ago, so a session that finishes around midnight
 * still earns its break, and the next morning starts afresh.
 */
export function cyclesFrom(
  sessions: readonly Pick<FocusSession, 'started_at' | 'ended_at' | 'completed_cycles'>[],
  now: Date,
): number {
  const latest = sessions[0]
  if (!latest) return 0
  const last = new Date(latest.ended_at ?? latest.started_at)
  const continues = localDay(last) === localDay(now) || now.getTime() - last.getTime() < RUN_GAP_MS
  return continues ? latest.completed_cycles : 0
}

/** What Start begins and with which cycle count, from the sessions of the cache (fetched when missing). */
export async function nextSession(ctx: Context): Promise<{ type: SessionType; cycles: number }> {
  const recent = await ctx.queryClient.fetchQuery(recentSessionsQueryOptions(ctx.userId))
  return suggestedNext(recent, settingsOf(ctx).sessions_until_long_break, new Date(Date.now()))
}

/**
 * What follows the latest session: a break after a completed focus session
 * (long when the cycle count says so), else focus.
 */
export function suggestedNext(
  recent: readonly { type: string; status: string; started_at: string; ended_at: string | null; completed_cycles: number }[],
  sessionsUntilLong: number,
  now: Date,
): { type: SessionType; cycles: number } {
  const cycles = cyclesFrom(recent, now)
  const latest = recent[0]
  if (latest && latest.type === 'work' && latest.status === 'completed' && cycles > 0) {
    return { type: nextType('work', cycles, sessionsUntilLong), cycles }
  }
  return { type: 'work', cycles }
}
