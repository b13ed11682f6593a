import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { log2faEvent } from './log-event'

/** Which half of challenge-then-verify failed; the toasts differ. */
export class TwoFactorStepError extends Error {
  constructor(
    readonly step: 'challenge' | 'verify',
    message: string,
  ) {
    super(message)
    this.name = 'TwoFactorStepError'
  }
}

/** A code is exactly 6 digits (spec 000 §5). */
export const CODE_LENGTH = 6

export function isCompleteCode(code: string): boolean {
  return /^\d{6}$/.test(code)
}

/**
 * Creates a challenge for the factor and verifies the code against it. On
 * success supabase-js stores the returned aal2 session.
 */
export async function challengeAndVerify(factorId: string, code: string, eventType: 'enroll_verified' | 'challenge_verified') {
  const challenge = await supabase.auth.mfa.challenge({ factorId })
  if (challenge.error) throw new TwoFactorStepError('challenge', toRequestError(challenge.error).message)
  const challengeId = challenge.data.id
  const verify = await supabase.auth.mfa.verify({ factorId, challengeId, code })
  if (verify.error) {
    log2faEvent({ event_type: 'challenge_failed', factor_id: factorId, challenge_id: challengeId, success: false })
    throw new TwoFactorStepError('verify', toRequestError(verify.error).message)
  }
  log2faEvent({ event_type: eventType, factor_id: factorId, challenge_id: challengeId, success: true })
  // supabase-js hands realtime a new token on sign-in and refresh, not after
  // the second factor; the server shows a two-factor user's rows only at
  // aal2 (docs/decisions.md, issue 17), so realtime gets the aal2 token here.
  void supabase.realtime.setAuth(verify.data.access_token)
}
