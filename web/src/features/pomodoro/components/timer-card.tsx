import { ArrowsOut, Pause, Play, SkipForward, Stop } from '@phosphor-icons/react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/cn'
import { useTimer } from '../hooks/use-timer'
import { FOCUS_MODE_BUTTON_ID, useFocusStore } from '../stores/focus-store'
import { type SessionType, TYPE_LABELS } from '../utils/timer'
import { CycleDots } from './cycle-dots'
import { type TaskOption, TaskPicker } from './task-picker'
import { TimerRing } from './timer-ring'

const TYPES: SessionType[] = ['work', 'short_break', 'long_break']

/** The timer's shortcuts (001 §9; the commands in use-app-commands.ts), as the controls name them: Ctrl on every platform. */
const HINTS = { toggle: 'Ctrl+P', pause: 'Ctrl+Shift+P', stop: 'Ctrl+Alt+P', skip: 'Ctrl+Shift+N' } as const

/** The timer: the kind of session, the ring, the controls, the cycle and the task. */
export function TimerCard({ tasks }: { tasks: readonly TaskOption[] }) {
  const timer = useTimer()
  const { session, state, type, busy } = timer
  const chooseType = useFocusStore((s) => s.chooseType)
  const taskId = useFocusStore((s) => s.taskId)
  const setTaskId = useFocusStore((s) => s.setTaskId)
  const setFocusMode = useFocusStore((s) => s.setFocusMode)
  const autoStartAt = useFocusStore((s) => s.autoStartAt)
  const setAutoStartAt = useFocusStore((s) => s.setAutoStartAt)
  const now = useFocusStore((s) => s.now)
  const hint = (k: keyof typeof HINTS) => HINTS[k]
  const idle = state === 'idle'
  const sessionTask = session?.task_id ?? null

  return (
    <Card className="flex flex-col items-center gap-6 p-5 sm:p-8">
      <div role="group" aria-label="Session type" className="inline-flex rounded-lg bg-muted p-1">
        {TYPES.map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={type === t}
            disabled={!idle || busy}
            onClick={() => chooseType(t)}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
          >
            {TYPE_LABELS[t]}
          </button>
        ))}
      </div>

      <TimerRing remaining={timer.remaining} total={timer.total} type={type} paused={state === 'paused'} />

      <div className="flex flex-wrap items-center justify-center gap-2">
        {state === 'running' ? (
          <Button size="lg" onClick={timer.pause} disabled={busy} aria-keyshortcuts="Control+Shift+P" title={`Pause (${hint('pause')})`}>
            <Pause size={18} weight="fill" aria-hidden /> Pause
          </Button>
        ) : state === 'paused' ? (
          <Button size="lg" onClick={timer.resume} disabled={busy} aria-keyshortcuts="Control+P" title={`Resume (${hint('toggle')})`}>
            <Play size={18} weight="fill" aria-hidden /> Resume
          </Button>
        ) : (
          <Button size="lg" onClick={timer.start} disabled={busy || !timer.loaded} aria-keyshortcuts="Control+P" title={`Start (${hint('toggle')})`}>
            <Play size={18} weight="fill" aria-hidden /> Start {TYPE_LABELS[type].toLowerCase()}
          </Button>
        )}
        {!idle ? (
          <Button size="lg" variant="outline" onClick={timer.stop} disabled={busy} aria-keyshortcuts="Control+Alt+P" title={`Stop (${hint('stop')})`}>
            <Stop size={18} weight="fill" aria-hidden /> Stop
          </Button>
        ) : null}
        <Button size="lg" variant="ghost" onClick={timer.skip} disabled={busy} aria-keyshortcuts="Control+Shift+N" title={`Skip (${hint('skip')})`}>
          <SkipForward size={18} weight="fill" aria-hidden /> Skip
        </Button>
      </div>

      <p aria-live="polite" className={cn('min-h-5 text-sm text-muted-foreground', !autoStartAt && 'invisible')}>
        {autoStartAt ? (
          <>
            {TYPE_LABELS[type]} starts in {Math.max(1, Math.ceil((autoStartAt - now) / 1000))} s{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => setAutoStartAt(null)}>
              Don’t start
            </Button>
          </>
        ) : null}
      </p>

      <div className="flex flex-col items-center gap-2">
        <CycleDots filled={timer.dots} total={timer.settings.sessions_until_long_break} />
        <p className="text-xs text-muted-foreground">
          {timer.cycles} focus {timer.cycles === 1 ? 'session' : 'sessions'} in this run · long break every{' '}
          {timer.settings.sessions_until_long_break}
        </p>
      </div>

      <TaskPicker
        tasks={tasks}
        value={session ? sessionTask : taskId}
        onChange={setTaskId}
        disabled={!idle || busy || type !== 'work'}
      />

      <Button id={FOCUS_MODE_BUTTON_ID} variant="outline" onClick={() => setFocusMode(true)}>
        <ArrowsOut size={16} aria-hidden /> Enter Focus Mode
      </Button>
    </Card>
  )
}
