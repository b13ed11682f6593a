/** Where the app finds its backend. */
export type DaybaseConfig = {
  /** Base URL of the Daybase server, e.g. http://127.0.0.1:54321. */
  url: string
  /** The anon key printed by `daybase keys --json`. */
  anonKey: string
  /** The server allows signInAnonymously (DAYBASE_AUTH_ANONYMOUS_SIGN_INS): /auth offers "Try without an account". */
  anonymousSignIns: boolean
}

declare global {
  interface Window {
    /**
     * Written by the Go server into index.html in place of the
     * `<!--daybase-config-->` marker, so one build runs on any host.
     */
    __DAYBASE_CONFIG__?: Partial<DaybaseConfig>
  }
}

type EnvLike = { VITE_DAYBASE_URL?: string; VITE_DAYBASE_ANON_KEY?: string }

/**
 * Reads the runtime config injected by the server, falling back to the
 * VITE_DAYBASE_* variables of `vite dev`. Returns null when neither gives a
 * URL and a key, so the caller can explain what is missing.
 */
export function readConfig(
  injected: Partial<DaybaseConfig> | undefined,
  env: EnvLike,
): DaybaseConfig | null {
  const url = injected?.url || env.VITE_DAYBASE_URL || ''
  const anonKey = injected?.anonKey || env.VITE_DAYBASE_ANON_KEY || ''
  if (!url || !anonKey) return null
  return { url: url.replace(/\/+$/, ''), anonKey, anonymousSignIns: injected?.anonymousSignIns === true }
}

export function loadConfig(): DaybaseConfig | null {
  return readConfig(
    typeof window === 'undefined' ? undefined : window.__DAYBASE_CONFIG__,
    import.meta.env as EnvLike,
  )
}
