import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { isWebAuthnCancelled } from '@/lib/webauthn'
import { log2faEvent } from './log-event'

/** The name a new security key gets unless the person types another. */
export const DEFAULT_KEY_NAME = 'Security key'

/**
 * Registers a security key as a second factor (auth-js mfa.webauthn.register:
 * enroll, the browser's prompt, verify); the session is then aal2. A key
 * left unverified by a cancelled attempt has the same name: auth-js removes
 * it when enrolling fails on the name, so one retry succeeds. Returns false
 * when the person cancelled the prompt.
 */
export async function addSecurityKey(name: string): Promise<boolean> {
  const friendlyName = name.trim() || DEFAULT_KEY_NAME
  let result = await supabase.auth.mfa.webauthn.register({ friendlyName })
  if (result.error && 'code' in result.error && result.error.code === 'mfa_factor_name_conflict') {
    result = await supabase.auth.mfa.webauthn.register({ friendlyName })
  }
  if (result.error) {
    if (isWebAuthnCancelled(result.error)) return false
    throw toRequestError(result.error)
  }
  log2faEvent({ event_type: 'enroll_verified', success: true, metadata: { factor_type: 'webauthn' } })
  void supabase.realtime.setAuth(result.data.access_token)
  return true
}

/** Answers the sign-in challenge with the key; false when the prompt was closed. */
export async function verifyWithSecurityKey(factorId: string): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.webauthn.authenticate({ factorId })
  if (error) {
    if (isWebAuthnCancelled(error)) return false
    log2faEvent({ event_type: 'challenge_failed', factor_id: factorId, success: false, metadata: { factor_type: 'webauthn' } })
    throw toRequestError(error)
  }
  log2faEvent({ event_type: 'challenge_verified', factor_id: factorId, success: true, metadata: { factor_type: 'webauthn' } })
  void supabase.realtime.setAuth(data.access_token)
  return true
}
