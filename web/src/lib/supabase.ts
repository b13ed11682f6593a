import { createClient } from '@supabase/supabase-js'
import { loadConfig } from './config'
import type { Database } from './database'

const loaded = loadConfig()
if (!loaded) {
  // main.tsx checks the config before it loads any module that imports this
  // one, so reaching here means a module was imported out of order.
  throw new Error('Daybase config is missing: window.__DAYBASE_CONFIG__ or VITE_DAYBASE_URL/VITE_DAYBASE_ANON_KEY')
}
const config = loaded

/** The only way to the backend: one client for the whole app. */
export const supabase = createClient<Database>(config.url, config.anonKey, {
  auth: {
    // The Daybase auth service implements OAuth with PKCE (ARCHITECTURE.md).
    flowType: 'pkce',
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
  },
})

export type SupabaseClient = typeof supabase

// supabase-js hands realtime the new token on sign-in and refresh but not
// after the second factor; the server shows a two-factor user's rows only
// at aal2 (docs/decisions.md, issue 17), so the aal2 token must reach
// realtime too, or the user's channels would stay silent until the next
// refresh.
supabase.auth.onAuthStateChange((event, session) => {
  if (event === 'MFA_CHALLENGE_VERIFIED' && session) void supabase.realtime.setAuth(session.access_token)
})

/**
 * supabase.realtime and supabase.storage load their code on demand (see
 * lib/deferred/ and vite.config.ts): await these before the first use.
 */
export { loadRealtime } from './deferred/realtime'
export { loadStorage } from './deferred/storage'
