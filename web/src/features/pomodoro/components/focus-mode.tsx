import { Pause, Play, SkipForward, Stop, X } from '@phosphor-icons/react'
import { Dialog as DialogPrimitive, RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { useEffect } from 'react'
import { cn } from '@/lib/cn'
import { useTimer } from '../hooks/use-timer'
import { FOCUS_BACKGROUNDS, FOCUS_MODE_BUTTON_ID, useFocusStore } from '../stores/focus-store'
import { CycleDots } from './cycle-dots'
import { TimerRing } from './timer-ring'

const roundButton =
  'inline-flex size-14 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur transition-colors outline-none hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white disabled:opacity-50'

/**
 * Full-screen focus mode (000 §4): the timer alone over one of ten animated
 * backgrounds; Esc (or the close button) leaves. The browser's own full
 * screen is asked for too, and leaving it leaves focus mode.
 */
export default function FocusMode({ taskTitle }: { taskTitle: string | null }) {
  const timer = useTimer()
  const open = useFocusStore((s) => s.focusMode)
  const setOpen = useFocusStore((s) => s.setFocusMode)
  const background = useFocusStore((s) => s.background)
  const setBackground = useFocusStore((s) => s.setBackground)
  const { state, busy } = timer

  useEffect(() => {
    if (!open) return
    const root = document.documentElement
    if (!document.fullscreenElement && root.requestFullscreen) root.requestFullscreen().catch(() => undefined)
    const left = () => {
      if (!document.fullscreenElement) setOpen(false)
    }
    document.addEventListener('fullscreenchange', left)
    return () => {
      document.removeEventListener('fullscreenchange', left)
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
    }
  }, [open, setOpen])

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            // Back to the button that opened it (opened through the store, not a Dialog.Trigger).
            e.preventDefault()
            document.getElementById(FOCUS_MODE_BUTTON_ID)?.focus()
          }}
          className={cn('fixed inset-0 z-50 flex flex-col items-center justify-center gap-8 p-6 text-white outline-none', `focus-bg focus-bg-${background}`)}
          data-background={FOCUS_BACKGROUNDS[background]}
        >
          <DialogPrimitive.Title className="sr-only">Focus mode</DialogPrimitive.Title>
          <DialogPrimitive.Close className={cn(roundButton, 'absolute top-4 right-4 size-10')} aria-label="Exit focus mode (Esc)">
            <X size={20} aria-hidden />
          </DialogPrimitive.Close>
          {taskTitle ? <p className="max-w-xl text-center text-lg font-medium text-white/90">{taskTitle}</p> : null}
          <TimerRing remaining={timer.remaining} total={timer.total} type={timer.type} paused={state === 'paused'} onDark className="max-w-80" />
          <div className="flex items-center gap-4">
            {state === 'running' ? (
              <button type="button" className={roundButton} onClick={timer.pause} disabled={busy} aria-label="Pause">
                <Pause size={24} weight="fill" aria-hidden />
              </button>
            ) : (
              <button type="button" className={roundButton} onClick={state === 'paused' ? timer.resume : timer.start} disabled={busy} aria-label={state === 'paused' ? 'Resume' : 'Start'}>
                <Play size={24} weight="fill" aria-hidden />
              </button>
            )}
            {state !== 'idle' ? (
              <button type="button" className={roundButton} onClick={timer.stop} disabled={busy} aria-label="Stop">
                <Stop size={24} weight="fill" aria-hidden />
              </button>
            ) : null}
            <button type="button" className={roundButton} onClick={timer.skip} disabled={busy} aria-label="Skip">
              <SkipForward size={24} weight="fill" aria-hidden />
            </button>
          </div>
          <CycleDots filled={timer.dots} total={timer.settings.sessions_until_long_break} onDark />
          <RadioGroupPrimitive.Root
            aria-label="Background"
            value={String(background)}
            onValueChange={(v) => setBackground(Number(v))}
            className="absolute bottom-5 flex flex-wrap justify-center gap-2"
          >
            {FOCUS_BACKGROUNDS.map((name, i) => (
              <RadioGroupPrimitive.Item
                key={name}
                value={String(i)}
                aria-label={name}
                title={name}
                className={cn(
                  'size-6 rounded-full border-2 border-white/30 outline-none focus-visible:ring-2 focus-visible:ring-white data-[state=checked]:border-white',
                  `focus-bg-${i}`,
                )}
              />
            ))}
          </RadioGroupPrimitive.Root>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
