import type { Session } from '@supabase/supabase-js'
import { decodeJwtPayload } from './jwt'

// What a page load starts from before supabase-js has run: the session it
// stored (sb-<ref>-auth-token in localStorage, the shape auth-js writes) and,
// when React takes over a prerendered signed-in page, that session as the
// one the page was drawn for (lib/auth-store.ts renders it while hydrating).
// Nothing here imports React or supabase-js: main.tsx uses it.

/** The localStorage key supabase-js keeps the session under, if any. */
function storedSessionKey(storage: Storage): string | null {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith('sb-') && key.endsWith('-auth-token')) return key
  }
  return null
}

/** True when supabase-js has a session stored. */
export function hasStoredSession(): boolean {
  try {
    return storedSessionKey(localStorage) !== null
  } catch {
    return false // storage blocked
  }
}

/** The stored session, when it has the parts the app reads (token and user). */
export function readStoredSession(): Session | null {
  try {
    const key = storedSessionKey(localStorage)
    const value: unknown = key ? JSON.parse(localStorage.getItem(key) ?? 'null') : null
    if (!value || typeof value !== 'object') return null
    const session = value as Partial<Session>
    if (typeof session.access_token !== 'string' || !session.user || typeof session.user.id !== 'string') return null
    return session as Session
  } catch {
    return null
  }
}

/**
 * Whether a session must still answer the second factor, as auth-js's
 * getAuthenticatorAssuranceLevel tells: the token's level is aal1 and the
 * user has a verified factor.
 */
export function needsSecondFactor(session: Session): boolean {
  const aal = decodeJwtPayload(session.access_token)?.aal
  return aal !== 'aal2' && (session.user.factors ?? []).some((f) => f.status === 'verified')
}

/**
 * A prerendered page React takes over, and the session it was drawn for
 * (null: signed out). A public page is drawn signed out for every visitor;
 * startSession is then the session the auth store starts from once React
 * has hydrated it (the stored one), so a signed-in visitor's header shows
 * "Open app" right after.
 */
export type Prerendered = { session: Session | null; startSession?: Session | null }

let boot: Prerendered | null = null

/** Sets the prerendered page being hydrated (app.tsx) or rendered (prerender.tsx); null: none (tests). */
export function setBoot(page: Prerendered | null): void {
  boot = page
}

/** The prerendered page this load started from, or null when it started from index.html. */
export function bootPage(): Prerendered | null {
  return boot
}
