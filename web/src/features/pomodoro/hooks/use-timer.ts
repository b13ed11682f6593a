import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useRequiredUser } from '@/lib/auth-store'
import {
  cancelSession,
  durationFor,
  pauseSession,
  resumeSession,
  skipSession,
  startSession,
  suggestedNext,
} from '../api/focus-actions'
import { type FocusSession, useActiveSession } from '../api/get-active-session'
import { useRecentSessions } from '../api/get-recent-sessions'
import { type FocusSettings, useFocusSettings } from '../api/settings'
import { useFocusStore } from '../stores/focus-store'
import { type SessionType, filledDots, remainingMs } from '../utils/timer'

export type TimerState = 'idle' | 'running' | 'paused'

export type TimerView = {
  /** Whether the first answers are in (the session and the last sessions). */
  loaded: boolean
  session: FocusSession | null
  settings: FocusSettings
  state: TimerState
  /** The running session's type, or what Start begins. */
  type: SessionType
  remaining: number
  total: number
  cycles: number
  dots: number
  busy: boolean
  autoStartAt: number | null
  start: () => void
  pause: () => void
  resume: () => void
  stop: () => void
  skip: () => void
  /** Start when idle, pause when running, resume when paused (Ctrl+P). */
  toggle: () => void
}

/** Everything the timer's views show and do, from the server's rows and the store. */
export function useTimer(): TimerView {
  const user = useRequiredUser()
  const queryClient = useQueryClient()
  const active = useActiveSession(user.id)
  const recent = useRecentSessions(user.id)
  const settings = useFocusSettings(user.id)
  const now = useFocusStore((s) => s.now)
  const chosenType = useFocusStore((s) => s.chosenType)
  const taskId = useFocusStore((s) => s.taskId)
  const busy = useFocusStore((s) => s.busy)
  const autoStartAt = useFocusStore((s) => s.autoStartAt)

  const session = active.data ?? null
  // The suggestion changes with the sessions and the day, not every second.
  const minute = Math.floor(now / 60_000)
  const suggested = useMemo(
    () => suggestedNext(recent.data ?? [], settings.sessions_until_long_break, new Date(minute * 60_000)),
    [recent.data, settings.sessions_until_long_break, minute],
  )
  const state: TimerState = !session ? 'idle' : session.status === 'paused' ? 'paused' : 'running'
  const type = session?.type ?? chosenType ?? suggested.type
  const cycles = session ? session.completed_cycles : suggested.cycles
  const total = (session ? session.duration_minutes : durationFor(type, settings)) * 60_000
  const remaining = session ? remainingMs(session, now) : total
  const roundComplete = session ? session.type === 'long_break' : type === 'long_break'

  const ctx = { queryClient, userId: user.id }
  const start = () => void startSession(ctx, { type, cycles, taskId })
  const pause = () => session && void pauseSession(ctx, session)
  const resume = () => session && void resumeSession(ctx, session)
  return {
    loaded: !active.isPending && !recent.isPending,
    session,
    settings,
    state,
    type,
    remaining,
    total,
    cycles,
    dots: filledDots(cycles, settings.sessions_until_long_break, roundComplete),
    busy,
    autoStartAt,
    start,
    pause,
    resume,
    stop: () => session && void cancelSession(ctx, session),
    skip: () => {
      if (session) void skipSession(ctx, session)
      else useFocusStore.getState().chooseType(type === 'work' ? 'short_break' : 'work')
    },
    toggle: () => (state === 'idle' ? start() : state === 'running' ? pause() : resume()),
  }
}
