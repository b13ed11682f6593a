import { isNetworkError, isRateLimitError } from './errors'

/**
 * Where an autosaved document stands, as the editor shows it:
 * - idle: nothing changed since it was loaded;
 * - pending: changes wait for the typing pause;
 * - saving: a save is on its way;
 * - saved: everything typed is on the server (at: when);
 * - retrying: a save failed for a reason that passes (the network, the
 *   server busy); the next attempt is at nextAt;
 * - failed: saving gave up (retries used up, or the server refused the
 *   change): the changes are still here and the user can retry.
 */
export type AutosaveState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'saving' }
  | { status: 'saved'; at: number }
  | { status: 'retrying'; attempt: number; nextAt: number; error: unknown }
  | { status: 'failed'; error: unknown }

export type AutosaveOptions<T> = {
  /** Writes one version; throws when it was not written. */
  save: (value: T) => Promise<void>
  /** The pause after the last change before saving (ms). */
  delayMs?: number
  /** Waits between the attempts of a failing save; when used up, the state is failed. */
  retryDelaysMs?: readonly number[]
  /** Whether a failed save is worth trying again by itself. */
  retryable?: (error: unknown) => boolean
  onState?: (state: AutosaveState) => void
  /** Timers and clock, replaceable in tests. */
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
  now?: () => number
}

export const AUTOSAVE_DELAY_MS = 800
/** About half a minute of attempts before the editor says saving failed. */
export const AUTOSAVE_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000] as const

/** Network failures, rate limits and server errors pass; a refusal (4xx) does not. */
export function isTransientSaveError(error: unknown): boolean {
  if (isNetworkError(error) || isRateLimitError(error)) return true
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined
  return typeof status === 'number' && (status >= 500 || status === 408)
}

/**
 * Saves the latest version of a document a moment after the last change,
 * one save at a time, and never drops a change: a change made while a save
 * is on its way is saved after it; a save that fails for a passing reason
 * is retried with growing waits (and at once when the browser is back
 * online) and always with the newest version; when it gives up, the
 * version stays pending until retry() or the next change.
 */
export class Autosaver<T> {
  private latest: { value: T } | null = null
  private timer: unknown = null
  private inFlight: Promise<void> | null = null
  private attempt = 0
  private state: AutosaveState = { status: 'idle' }
  private disposed = false
  private readonly opts: Required<Omit<AutosaveOptions<T>, 'onState'>> & Pick<AutosaveOptions<T>, 'onState'>

  constructor(options: AutosaveOptions<T>) {
    this.opts = {
      delayMs: AUTOSAVE_DELAY_MS,
      retryDelaysMs: AUTOSAVE_RETRY_DELAYS_MS,
      retryable: isTransientSaveError,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      now: () => Date.now(),
      ...options,
    }
  }

  get current(): AutosaveState {
    return this.state
  }

  /** Whether some change is not on the server yet. */
  get dirty(): boolean {
    return this.latest !== null || this.inFlight !== null
  }

  /** The newest change, to be saved after the pause. */
  change(value: T): void {
    if (this.disposed) return
    this.latest = { value }
    this.attempt = 0
    if (this.inFlight) return
    this.set({ status: 'pending' })
    this.schedule(this.opts.delayMs)
  }

  /** Saves what is pending now (leaving the page, Ctrl+S); resolves when it is written or failed. */
  async flush(): Promise<void> {
    this.cancelTimer()
    if (this.inFlight) await this.inFlight
    if (this.latest) await this.run()
  }

  /** Tries again at once after a failure (the Retry button, the browser back online). */
  retry(): void {
    if (!this.latest || this.inFlight) return
    this.attempt = 0
    this.cancelTimer()
    void this.run()
  }

  /** Forgets what is pending (the user chose another version) and stops timers. */
  discard(): void {
    this.cancelTimer()
    this.latest = null
    this.attempt = 0
    if (!this.inFlight) this.set({ status: 'idle' })
  }

  /**
   * Stops timers and reporting (the page is gone); a save in flight still
   * completes. start() undoes it (React mounts effects twice in development).
   */
  stop(): void {
    this.disposed = true
    this.cancelTimer()
  }

  start(): void {
    this.disposed = false
  }

  private schedule(ms: number): void {
    this.cancelTimer()
    this.timer = this.opts.setTimer(() => {
      this.timer = null
      void this.run()
    }, ms)
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.opts.clearTimer(this.timer)
    this.timer = null
  }

  private run(): Promise<void> {
    if (this.inFlight || !this.latest) return this.inFlight ?? Promise.resolve()
    const { value } = this.latest
    this.latest = null
    this.set({ status: 'saving' })
    const done = this.opts
      .save(value)
      .then(
        () => {
          this.inFlight = null
          this.attempt = 0
          if (this.latest) {
            // Typed while saving: save that too (after the pause, unless leaving).
            this.set({ status: 'pending' })
            this.schedule(this.opts.delayMs)
          } else {
            this.set({ status: 'saved', at: this.opts.now() })
          }
        },
        (error: unknown) => {
          this.inFlight = null
          // Newer changes win; without any, this version is still to be saved.
          this.latest ??= { value }
          if (this.disposed) return
          const wait = this.opts.retryable(error) ? this.opts.retryDelaysMs[this.attempt] : undefined
          if (wait === undefined) {
            this.set({ status: 'failed', error })
            return
          }
          this.attempt += 1
          this.set({ status: 'retrying', attempt: this.attempt, nextAt: this.opts.now() + wait, error })
          this.schedule(wait)
        },
      )
    this.inFlight = done
    return done
  }

  private set(state: AutosaveState): void {
    // A change per key press keeps it pending: tell nobody again.
    if (state.status === 'pending' && this.state.status === 'pending') return
    this.state = state
    if (!this.disposed) this.opts.onState?.(state)
  }
}
