import { useQuery } from '@tanstack/react-query'
import type { Session } from '@supabase/supabase-js'
import { useSession } from '@/lib/auth-store'
import { bootPage } from '@/lib/boot'
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
  const token = session?.access_token ?? ''
  const sessionId = token ? sessionIdOf(token) : ''
  return useQuery({
    queryKey: twoFactorKeys.check(name, sessionId, token),
    queryFn: () => {
      if (!session) throw new Error('No session')
      return check(session.user.id)
    },
    enabled: enabled && !!session,
    initialData: session && initial ? () => initial(session) : undefined,
    staleTime: ASSURANCE_CACHE_MS,
    gcTime: ASSURANCE_CACHE_MS,
    // The levels are read from the stored session (no request): offline the
    // check still answers and the app opens from its saved cache (issue 26).
    networkMode: name === 'assurance' ? 'offlineFirst' : 'online',
    placeholderData: (previous, previousQuery) =>
      sessionId && previousQuery?.queryKey[2] === sessionId ? previous : undefined,
  })
}

/**
 * The answer for the session a prerendered signed-in page was drawn for,
 * known before any request (main.tsx hydrates it only when it needs no
 * second factor), so that the gate renders what the page shows.
 */
function prerenderedAnswer(session: Session): Assurance | undefined {
  if (session !== bootPage()?.session) return undefined
  return decodeJwtPayload(session.access_token)?.aal === 'aal2' ? { kind: 'ok' } : { kind: 'unless-required' }
}

/** The assurance check of the current session (levels and factors, known to supabase-js). */
export function useAssurance() {
  return useSessionCheck('assurance', () => checkAssurance(), { initial: prerenderedAnswer })
}

/** Whether the settings say two-factor is on while no verified factor exists; asked only when enabled. */
export function useRequiredWithoutFactor(enabled: boolean) {
  return useSessionCheck('required', requiredWithoutFactor, { enabled })
}
