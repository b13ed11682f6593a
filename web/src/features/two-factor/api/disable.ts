import { toRequestError, unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { log2faEvent } from './log-event'

/** SQLSTATEs of disable_2fa: wrong password, and a session below aal2. */
export const WRONG_PASSWORD = '28P01'
export const NEEDS_AAL2 = '42501'

/**
 * Turns two-factor off on the server (RPC disable_2fa, spec 000 §4 step 4):
 * it re-checks the password when one is given, needs an aal2 session, removes
 * every factor and marks the settings disabled and deleted. The session is
 * then refreshed so its token drops to aal1.
 */
export async function disableTwoFactor(password?: string): Promise<void> {
  unwrap(await supabase.rpc('disable_2fa', password === undefined ? {} : { p_password: password }))
  log2faEvent({ event_type: 'disabled', success: true })
  const { error } = await supabase.auth.refreshSession()
  if (error) throw toRequestError(error)
}
