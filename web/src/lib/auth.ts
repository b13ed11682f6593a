import { useAuthStore } from './auth-store'
import { supabase } from './supabase'
import { dismissToasts } from './toast'

/** Session heartbeat (spec 000 §9). */
export const HEARTBEAT_MS = 60_000
export const LAST_ACTIVE_KEY = 'daybase.lastActive'

function recordLastActive(): void {
  try {
    localStorage.setItem(LAST_ACTIVE_KEY, new Date().toISOString())
  } catch {
    // Storage can be full or blocked; the timestamp is only informative.
  }
}

/** True for the refresh failures after which the stored tokens are useless. */
export function isInvalidRefreshToken(message: string | undefined): boolean {
  return !!message && /invalid refresh token|refresh token not found|refresh_token_not_found/i.test(message)
}

/** Removes the stored auth tokens (spec 000 §4: an Invalid Refresh Token clears them). */
export async function clearStoredTokens(): Promise<void> {
  await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined)
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i)
    if (key && key.startsWith('sb-') && key.includes('-auth-token')) localStorage.removeItem(key)
  }
  useAuthStore.getState().setSession(null)
}

async function heartbeat(): Promise<void> {
  const { data, error } = await supabase.auth.getSession()
  if (error && isInvalidRefreshToken(error.message)) {
    await clearStoredTokens()
    return
  }
  if (data.session) recordLastActive()
}

let stop: (() => void) | null = null

/**
 * Mirrors supabase-js auth events into the auth store and re-checks the
 * session every 60 s. Safe to call more than once; returns the stopper.
 */
export function startAuth(): () => void {
  if (stop) return stop
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    // No awaits on supabase calls here: auth-js holds a lock during callbacks.
    useAuthStore.getState().setSession(session)
    if (event === 'SIGNED_OUT') dismissToasts()
    if (session) recordLastActive()
  })
  void heartbeat()
  const timer = window.setInterval(() => void heartbeat(), HEARTBEAT_MS)
  stop = () => {
    data.subscription.unsubscribe()
    window.clearInterval(timer)
    stop = null
  }
  return stop
}
