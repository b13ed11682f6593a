import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useRequiredUser } from '@/lib/auth-store'
import { useExperiment } from '@/lib/experiments'
import { playSound } from '@/lib/sounds'
import { completeSession, startSession, taskForWork } from '../api/focus-actions'
import { type FocusSession, useActiveSession } from '../api/get-active-session'
import { statsRange, useWeekStats } from '../api/get-week-stats'
import { useSessionChanges } from '../api/session-changes'
import { type FocusSettings, useFocusSettings } from '../api/settings'
import { useFocusStore } from '../stores/focus-store'
import {
  AUTO_START_DELAY_MS,
  TYPE_LABELS,
  currentStreak,
  endsAt,
  formatClock,
  nextType,
  progress,
  remainingMs,
} from '../utils/timer'
import { Celebration } from './celebration'
import { setFaviconProgress } from './signals'

/** A notification closes itself after 10 s (000 §9). */
const NOTIFICATION_MS = 10_000
/** A session found ended longer ago than this (the laptop slept) is not announced. */
const STALE_END_MS = 5 * 60_000

/**
 * Moves the timer's clock once a second, at each whole second of the
 * remaining time (the display never skips or repeats a second), and once
 * more whenever the tab comes back into view. A background tab's chained
 * timers may fire late (Chrome runs them once a minute after a while): the
 * clock is read, not counted, so each tick shows the exact time anyway,
 * and a timer set for the end itself (not chained) ends it on time.
 */
function useClock(session: FocusSession | null | undefined) {
  const tick = useFocusStore((s) => s.tick)
  const autoStartAt = useFocusStore((s) => s.autoStartAt)
  const running = session?.status === 'active' ? session : null
  const counting = !!running || autoStartAt !== null

  useEffect(() => {
    const wake = () => {
      if (document.visibilityState === 'visible') tick(Date.now())
    }
    document.addEventListener('visibilitychange', wake)
    return () => document.removeEventListener('visibilitychange', wake)
  }, [tick])

  // Each tick schedules the next one at the next whole second of the
  // remaining time, whether or not the tick changed what is shown.
  useEffect(() => {
    if (!counting) return
    let id = 0
    const loop = () => {
      const now = Date.now()
      tick(now)
      const left = running ? remainingMs(running, now) : 1000
      id = window.setTimeout(loop, (left === 0 ? 1000 : left % 1000 || 1000) + 5)
    }
    loop()
    return () => window.clearTimeout(id)
  }, [counting, running, tick])

  // The end itself, scheduled when the session changes, not from the chain.
  const end = running ? endsAt(running) : null
  useEffect(() => {
    if (end === null) return
    const id = window.setTimeout(() => tick(Date.now()), Math.max(0, end - Date.now()) + 5)
    return () => window.clearTimeout(id)
  }, [end, tick])
}

const BASE_TITLE = 'Daybase'

/** The document title with the timer (000 §4 show_timer_in_title). */
function useTitle(session: FocusSession | null | undefined, settings: FocusSettings) {
  const now = useFocusStore((s) => s.now)
  const text = session && settings.show_timer_in_title ? titleFor(session, now) : null
  useEffect(() => {
    document.title = text ?? BASE_TITLE
  }, [text])
  useEffect(() => () => void (document.title = BASE_TITLE), [])
}

export function titleFor(session: FocusSession, now: number): string {
  const clock = formatClock(remainingMs(session, now))
  const label = TYPE_LABELS[session.type]
  return session.status === 'paused' ? `⏸ ${clock} ${label} · ${BASE_TITLE}` : `${clock} ${label} · ${BASE_TITLE}`
}

function announce(session: FocusSession, settings: FocusSettings, chime: boolean) {
  if (Date.now() - endsAt(session) > STALE_END_MS) return
  if (chime) playSound('chime')
  if (!settings.enable_browser_notifications || !('Notification' in window) || Notification.permission !== 'granted') return
  const work = session.type === 'work'
  const n = new Notification(work ? 'Focus session complete' : 'Break is over', {
    body: work ? 'Nice work. Time for a break.' : 'Ready to focus again?',
    tag: 'daybase-focus',
  })
  window.setTimeout(() => n.close(), NOTIFICATION_MS)
}

/**
 * Ends a running session when it reaches 0, announces it, and — on the
 * device whose update completed it — starts what follows after 1 s when
 * the settings say so (000 §4).
 */
function useCompletion(userId: string, session: FocusSession | null | undefined, settings: FocusSettings, chime: boolean) {
  const queryClient = useQueryClient()
  const now = useFocusStore((s) => s.now)
  const handled = useRef(new Set<string>())
  const latest = useRef(settings)
  latest.current = settings

  useEffect(() => {
    if (!session || session.status !== 'active' || remainingMs(session, now) > 0) return
    if (handled.current.has(session.id)) return
    handled.current.add(session.id)
    announce(session, latest.current, chime)
    void completeSession({ queryClient, userId }, session).then((won) => {
      const s = latest.current
      if (!won) return
      const cycles = session.type === 'work' ? session.completed_cycles + 1 : session.completed_cycles
      const next = nextType(session.type, cycles, s.sessions_until_long_break)
      if (next === 'work' ? !s.auto_start_work : !s.auto_start_breaks) return
      const store = useFocusStore.getState()
      store.setAutoStartAt(Date.now() + AUTO_START_DELAY_MS)
      window.setTimeout(() => {
        if (useFocusStore.getState().autoStartAt === null) return // started or cancelled meanwhile
        void startSession({ queryClient, userId }, { type: next, cycles, taskId: next === 'work' ? taskForWork({ queryClient, userId }) : null })
      }, AUTO_START_DELAY_MS)
    })
  }, [session, now, queryClient, userId, chime])
}

/** A celebration when a long break becomes active or the streak rises (000 §4). */
function useCelebrations(userId: string, session: FocusSession | null | undefined) {
  const celebrate = useFocusStore((s) => s.celebrate)
  const seen = useRef<string | null>(session?.id ?? null)
  useEffect(() => {
    if (!session || session.id === seen.current) return
    seen.current = session.id
    if (session.type === 'long_break' && session.status === 'active') celebrate('Long break earned — well done!')
  }, [session, celebrate])

  const now = new Date(useFocusStore((s) => Math.floor(s.now / 60_000) * 60_000))
  const stats = useWeekStats(userId, now)
  const streak = stats.data ? currentStreak(stats.data, statsRange(now).today) : null
  const last = useRef<number | null>(null)
  useEffect(() => {
    if (streak === null) return
    if (last.current !== null && streak > last.current) celebrate(`${streak}-day focus streak!`)
    last.current = streak
  }, [streak, celebrate])
}

/** The tab icon shows the session's progress (experiment 'favicon-timer'). */
function useFavicon(session: FocusSession | null | undefined, on: boolean) {
  const now = useFocusStore((s) => s.now)
  const share = session && on ? Math.round(progress(session, now) * 60) / 60 : null
  const paused = session?.status === 'paused'
  useEffect(() => {
    setFaviconProgress(share, paused)
  }, [share, paused])
  useEffect(() => () => setFaviconProgress(null, false), [])
}

/**
 * The timer's engine, on every page while a session runs (and after, for
 * what follows it): the clock, the title, the end of a session, the
 * realtime channel, announcements and celebrations. Renders only the
 * celebration.
 */
export default function FocusEngine() {
  const user = useRequiredUser()
  const session = useActiveSession(user.id).data
  const settings = useFocusSettings(user.id)
  const chime = useExperiment(user.id, 'session-chime')
  const favicon = useExperiment(user.id, 'favicon-timer')
  const setRunning = useFocusStore((s) => s.setRunning)

  useEffect(() => {
    setRunning(true)
    return () => setRunning(false)
  }, [setRunning])
  useSessionChanges(user.id)
  useClock(session)
  useTitle(session, settings)
  useCompletion(user.id, session, settings, chime)
  useCelebrations(user.id, session)
  useFavicon(session, favicon)
  return <Celebration />
}
