import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { listTotpFactors } from './factors'
import { getTwoFactorSettings } from './settings'

export type Assurance =
  | { kind: 'ok' }
  /**
   * aal1 with a verified factor: the sign-in challenge must be answered, with
   * the authenticator app (factorId, when there is one) or the security key
   * keyId names.
   */
  | { kind: 'challenge'; factorId: string; keyId?: string }
  /** Two-factor is on for the account but no authenticator exists. */
  | { kind: 'no-factor' }
  /**
   * No verified factor: the app may open, unless the account's settings say
   * two-factor is on (requiredWithoutFactor, read while the app opens).
   */
  | { kind: 'unless-required' }

/** The assurance level is polled up to 10 times, 250 ms apart (spec 000 §9). */
export const AAL_POLL_ATTEMPTS = 10
export const AAL_POLL_DELAY_MS = 250

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function pollLevels() {
  for (let i = 0; i < AAL_POLL_ATTEMPTS; i++) {
    const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    if (error) throw toRequestError(error)
    if (data.currentLevel) return data
    await sleep(AAL_POLL_DELAY_MS)
  }
  return { currentLevel: null, nextLevel: null }
}

/**
 * What the signed-in session still needs (spec 000 §4, step 5 and 6), from
 * what supabase-js knows locally: a challenge when the level is aal1, the
 * next is aal2 and a verified factor exists; nothing more at aal2; without
 * a verified factor, only the settings row can still say no (below).
 */
export async function checkAssurance(): Promise<Assurance> {
  const { currentLevel, nextLevel } = await pollLevels()
  if (currentLevel === 'aal2') return { kind: 'ok' }
  if (currentLevel === 'aal1' && nextLevel === 'aal2') {
    const { verified, keys } = await listTotpFactors()
    const factor = verified[0] ?? keys[0]
    if (!factor) return { kind: 'no-factor' }
    return keys[0] ? { kind: 'challenge', factorId: factor.id, keyId: keys[0].id } : { kind: 'challenge', factorId: factor.id }
  }
  return { kind: 'unless-required' }
}

/**
 * True when the settings row says two-factor is on although no verified
 * factor exists (step 6). If the row cannot be read the user is not locked out.
 */
export async function requiredWithoutFactor(userId: string): Promise<boolean> {
  const settings = await getTwoFactorSettings(userId).catch(() => null)
  return !!settings?.is_enabled && !settings.is_deleted
}
