import { create } from 'zustand'
import type { SessionType } from '../utils/timer'

/** The animated backgrounds of focus mode (000 §4: ten themes). */
export const FOCUS_BACKGROUNDS = [
  'Aurora',
  'Ocean',
  'Sunset',
  'Forest',
  'Lavender',
  'Ember',
  'Midnight',
  'Mint',
  'Dusk',
  'Sand',
] as const

/** The id of the 'Enter Focus Mode' button, which gets the focus back when focus mode ends. */
export const FOCUS_MODE_BUTTON_ID = 'enter-focus-mode'

const BACKGROUND_KEY = 'daybase.focus.background'

function storedBackground(): number {
  try {
    const n = Number(localStorage.getItem(BACKGROUND_KEY))
    return Number.isInteger(n) && n >= 0 && n < FOCUS_BACKGROUNDS.length ? n : 0
  } catch {
    return 0
  }
}

type FocusState = {
  /** The clock every view of the timer reads; the engine moves it each second. */
  now: number
  /** Whether the engine runs (now is current). */
  running: boolean
  /** The type Start begins when the user picked one; null: what follows the last session. */
  chosenType: SessionType | null
  /** The task the next focus session is about. */
  taskId: string | null
  focusMode: boolean
  background: number
  /** A request is on its way: the controls wait. */
  busy: boolean
  /** The next session starts at this moment (auto-start), or null. */
  autoStartAt: number | null
  celebration: { id: number; text: string } | null
  tick: (now: number) => void
  setRunning: (running: boolean) => void
  chooseType: (type: SessionType | null) => void
  setTaskId: (taskId: string | null) => void
  setFocusMode: (open: boolean) => void
  setBackground: (index: number) => void
  setBusy: (busy: boolean) => void
  setAutoStartAt: (at: number | null) => void
  celebrate: (text: string) => void
  endCelebration: () => void
}

/** Client state of the focus timer; the session rows stay in react-query. */
export const useFocusStore = create<FocusState>()((set) => ({
  now: Date.now(),
  running: false,
  chosenType: null,
  taskId: null,
  focusMode: false,
  background: storedBackground(),
  busy: false,
  autoStartAt: null,
  celebration: null,
  tick: (now) => set({ now }),
  setRunning: (running) => set({ running, now: Date.now() }),
  chooseType: (chosenType) => set({ chosenType }),
  setTaskId: (taskId) => set({ taskId }),
  setFocusMode: (focusMode) => set({ focusMode }),
  setBackground: (background) => {
    try {
      localStorage.setItem(BACKGROUND_KEY, String(background))
    } catch {
      // Kept for this visit only.
    }
    set({ background })
  },
  setBusy: (busy) => set({ busy }),
  setAutoStartAt: (autoStartAt) => set({ autoStartAt }),
  celebrate: (text) => set((s) => ({ celebration: { id: (s.celebration?.id ?? 0) + 1, text } })),
  endCelebration: () => set({ celebration: null }),
}))
