import type { Session, User } from '@supabase/supabase-js'
import { create } from 'zustand'

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
export const useAuthStore = create<AuthState>()((set) => ({
  status: 'loading',
  session: null,
  user: null,
  setSession: (session) =>
    set({ status: session ? 'signedIn' : 'signedOut', session, user: session?.user ?? null }),
}))

export const useSession = () => useAuthStore((s) => s.session)
export const useUser = () => useAuthStore((s) => s.user)
export const useAuthStatus = () => useAuthStore((s) => s.status)

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
