import type { Session, User } from '@supabase/supabase-js'
import { useSyncExternalStore } from 'react'
import { create } from 'zustand'
import { bootPage } from './boot'

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut'

type AuthState = {
  status: AuthStatus
  session: Session | null
  user: User | null
  /** Called with every session supabase-js reports, null when signed out. */
  setSession: (session: Session | null) => void
}

/**
 * The signed-in state as supabase-js reports it. supabase-js keeps the tokens;
 * this store only mirrors them for rendering (loading, then signed in or out).
 */
export const useAuthStore = create<AuthState>()((set, get) => ({
  status: 'loading',
  session: null,
  user: null,
  setSession: (session) => {
    // The same session again (supabase-js's first event repeats the stored
    // session the page started from, as a new object): keep the objects, so
    // that nothing rendered with them renders again.
    const current = get()
    if (current.status !== 'loading' && sameSession(current.session, session)) return
    set({ status: session ? 'signedIn' : 'signedOut', session, user: session?.user ?? null })
  },
}))

/** Whether a and b are the same tokens for the same user data (both null: signed out). */
export function sameSession(a: Session | null, b: Session | null): boolean {
  if (a === b) return true
  if (!a || !b) return false
  return a.access_token === b.access_token && a.refresh_token === b.refresh_token && JSON.stringify(a.user) === JSON.stringify(b.user)
}

type AuthView = Pick<AuthState, 'status' | 'session' | 'user'>

const loading: AuthView = { status: 'loading', session: null, user: null }

/**
 * What a prerendered page was drawn for (lib/boot.ts): signed in with the
 * stored session, or signed out; loading when the page started from
 * index.html. React renders it while hydrating; the store starts from the
 * same state then (app.tsx), so nothing changes when hydration ends.
 */
function prerenderedView(): AuthView {
  const page = bootPage()
  if (!page) return loading
  const { session } = page
  return session ? { status: 'signedIn', session, user: session.user } : { status: 'signedOut', session, user: null }
}

function useAuth<T>(select: (s: AuthView) => T): T {
  return useSyncExternalStore(
    useAuthStore.subscribe,
    () => select(useAuthStore.getState()),
    () => select(prerenderedView()),
  )
}

export const useSession = () => useAuth((s) => s.session)
export const useUser = () => useAuth((s) => s.user)
export const useAuthStatus = () => useAuth((s) => s.status)

/** The signed-in user, for components that render only behind the auth guard. */
export function useRequiredUser(): User {
  const user = useUser()
  if (!user) throw new Error('useRequiredUser: no signed-in user (the component must render behind the auth guard)')
  return user
}

/** The name the user gave (user_metadata.full_name, or name from an OAuth provider), or ''. */
export function fullNameOf(user: User): string {
  const meta: Record<string, unknown> = user.user_metadata ?? {}
  const name = meta.full_name ?? meta.name
  return typeof name === 'string' ? name.trim() : ''
}

/**
 * The app_metadata key that marks an admin: set only by the operator
 * (`daybase admin grant EMAIL`, internal/admins), never by the user.
 */
export const ADMIN_CLAIM = 'daybase_admin'

/**
 * Whether the user's token says admin. For what the app shows (the SQL
 * console's entry, the debug dialog): the copy in a token may be up to an
 * hour old, and the server checks the database on every admin call.
 */
export function isAdmin(user: Pick<User, 'app_metadata'> | null | undefined): boolean {
  return user?.app_metadata?.[ADMIN_CLAIM] === true
}
