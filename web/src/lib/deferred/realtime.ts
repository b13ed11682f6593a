// Stands in for @supabase/realtime-js inside supabase-js (vite.config.ts,
// deferredSupabaseParts): createClient builds a RealtimeClient at once, and
// with the real one every page would load phoenix and realtime-js (~20 KB
// gzip) although the app opens no channel. This client keeps the
// constructor's arguments and the last token supabase-js hands over, and
// builds the real client on first use once loadRealtime() has resolved.
import type * as Realtime from '@supabase/realtime-js'

let realtime: typeof Realtime | null = null
let loading: Promise<typeof Realtime> | null = null

/**
 * Calls fn once the browser is idle (within 2 s). Live updates never draw
 * the first screen, and the shell subscribes on mount (notifications, the
 * focus timer): importing realtime-js from inside the idle callback keeps
 * its 16.6 KB gzip out of the first screen's scripts, behind the route's
 * own chunks. The import must be called in the callback itself, not in a
 * promise it resolves, for the browser to see it as an idle-time fetch.
 */
function whenIdle(fn: () => void): void {
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(fn, { timeout: 2000 })
  } else {
    setTimeout(fn, 0)
  }
}

/**
 * Loads realtime-js once the browser is idle; await it before the first
 * supabase.channel() (or any supabase.realtime use). A failed load
 * (offline, or a deploy replaced the chunk) is not kept: the next call
 * tries again.
 */
export function loadRealtime(): Promise<typeof Realtime> {
  if (realtime) return Promise.resolve(realtime)
  loading ??= new Promise<typeof Realtime>((resolve, reject) => {
    whenIdle(() => void import('@supabase/realtime-js').then(resolve, reject))
  }).then(
    (m) => (realtime = m),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/**
 * Runs start once realtime-js is loaded. Live updates add to the polling
 * and refetch-on-focus every screen already has, so a failed load only
 * leaves them off (with a warning) rather than rejecting unhandled.
 */
export function whenRealtime(start: () => void): void {
  loadRealtime().then(start, (error: unknown) => console.warn('Live updates are off: realtime did not load', error))
}

export class RealtimeClient {
  private client: Realtime.RealtimeClient | null = null
  private token: { value: string | null } | null = null

  constructor(
    private readonly endPoint: string,
    private readonly options?: Realtime.RealtimeClientOptions,
  ) {
    // Every other member is the real client's, built on first use.
    return new Proxy(this, {
      get(target, prop, receiver) {
        if (prop in target) return Reflect.get(target, prop, receiver)
        const client = target.real()
        const value: unknown = Reflect.get(client, prop)
        return typeof value === 'function' ? value.bind(client) : value
      },
    })
  }

  private real(): Realtime.RealtimeClient {
    if (this.client) return this.client
    if (!realtime) {
      throw new Error('Realtime is not loaded: await loadRealtime() (lib/supabase.ts) before using supabase.channel() or supabase.realtime')
    }
    this.client = new realtime.RealtimeClient(this.endPoint, this.options)
    if (this.token) void this.client.setAuth(this.token.value)
    return this.client
  }

  /** supabase-js calls this on every sign-in, token refresh and sign-out. */
  setAuth(token: string | null = null): Promise<void> {
    if (this.client) return this.client.setAuth(token)
    this.token = { value: token }
    return Promise.resolve()
  }

  channel(topic: string, params?: Realtime.RealtimeChannelOptions): Realtime.RealtimeChannel {
    return this.real().channel(topic, params)
  }

  getChannels(): Realtime.RealtimeChannel[] {
    return this.client ? this.client.getChannels() : []
  }

  removeChannel(channel: Realtime.RealtimeChannel): ReturnType<Realtime.RealtimeClient['removeChannel']> {
    return this.real().removeChannel(channel)
  }

  removeAllChannels(): ReturnType<Realtime.RealtimeClient['removeAllChannels']> {
    return this.client ? this.client.removeAllChannels() : Promise.resolve([])
  }
}
