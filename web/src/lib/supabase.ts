import { createClient } from '@supabase/supabase-js'
import { loadConfig } from './config'
import type { Database } from './database'
import { progressFetch } from './fetch-progress'

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
  // Reports download progress for the calls that ask (lib/fetch-progress.ts).
  global: { fetch: progressFetch },
})

export type SupabaseClient = typeof supabase

/**
 * supabase.realtime and supabase.storage load their code on demand (see
 * lib/deferred/ and vite.config.ts): await these before the first use.
 */
export { loadRealtime, whenRealtime } from './deferred/realtime'
export { loadStorage } from './deferred/storage'
