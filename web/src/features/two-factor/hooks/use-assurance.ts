import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Session } from '@supabase/supabase-js'
import { useSession } from '@/lib/auth-store'
import { needsSecondFactor } from '@/lib/boot'
import { decodeJwtPayload } from '@/lib/jwt'
import { type Assurance, checkAssurance, requiredWithoutFactor } from '../api/assurance'
import { twoFactorKeys } from '../api/keys'

/** The check result is cached 5 minutes per session token (spec 000 §4). */
export const ASSURANCE_CACHE_MS = 5 * 60_000

/** The auth session a token belongs to: refreshes keep it, a new sign-in changes it. */
function sessionIdOf(accessToken: string): string {
  const id = decodeJwtPayload(accessToken)?.session_id
  return typeof id === 'string' ? id : accessToken
}

/** A check of session, cached per token: its key, its call and how long it stays. */
function sessionCheck<T>(name: 'assurance' | 'required', check: (userId: string) => Promise<T>, session: Session | null) {
  const token = session?.access_token ?? ''
  return {
    queryKey: twoFactorKeys.check(name, token ? sessionIdOf(token) : '', token),
    queryFn: () => {
      if (!session) throw new Error('No session')
      return check(session.user.id)
    },
    staleTime: ASSURANCE_CACHE_MS,
    gcTime: ASSURANCE_CACHE_MS,
  }
}

/**
 * One check of the current session, cached per token. While a refreshed
 * token of the same sign-in is being checked the previous answer stays, so
 * nothing behind the gate unmounts; the answer of another sign-in never
 * stands in (after a sign-out in another tab, say), so a new aal1 session
 * waits for its own check before anything behind the gate renders.
 */
function useSessionCheck<T>(
  name: 'assurance' | 'required',
  check: (userId: string) => Promise<T>,
  { enabled = true, initial }: { enabled?: boolean; initial?: (session: Session) => T | undefined } = {},
) {
  const session = useSession()
  const options = sessionCheck(name, check, session)
  const sessionId = options.queryKey[2]
  return useQuery({
    ...options,
    enabled: enabled && !!session,
    initialData: session && initial ? () => initial(session) : undefined,
    // The levels are read from the stored session (no request): offline the
    // check still answers and the app opens from its saved cache (issue 26).
    networkMode: name === 'assurance' ? 'offlineFirst' : 'online',
    placeholderData: (previous, previousQuery) =>
      sessionId && previousQuery?.queryKey[2] === sessionId ? previous : undefined,
  })
}

/**
 * The answer the session's own token and user give without asking
 * supabase-js, when no second factor is due (what checkAssurance answers
 * for it too: aal2 is ok; aal1 without a verified factor opens unless the
 * settings say otherwise). The gate then renders the app in its first
 * render, with no wait for supabase-js's lock, and a prerendered
 * signed-in page hydrates as drawn. A session with a verified factor at
 * aal1 is checked (the challenge needs the factor's id).
 */
export function localAnswer(session: Session): Assurance | undefined {
  const aal = decodeJwtPayload(session.access_token)?.aal
  if (aal === 'aal2') return { kind: 'ok' }
  if (aal !== 'aal1' || needsSecondFactor(session)) return undefined
  return { kind: 'unless-required' }
}

/** The assurance check of the current session (levels and factors, known to supabase-js). */
export function useAssurance() {
  return useSessionCheck('assurance', () => checkAssurance(), { initial: localAnswer })
}

/** Whether the settings say two-factor is on while no verified factor exists; asked only when enabled. */
export function useRequiredWithoutFactor(enabled: boolean) {
  return useSessionCheck('required', requiredWithoutFactor, { enabled })
}

/**
 * The gate's settings check, started by the app's route loader when the
 * session's own answer will ask for it: read before the gate renders, it
 * does not land (and render the gate again) while the app mounts behind it.
 */
export function requiredCheckPrefetch(session: Session | null) {
  return session && localAnswer(session)?.kind === 'unless-required' ? [queryOptions(sessionCheck('required', requiredWithoutFactor, session))] : []
}
