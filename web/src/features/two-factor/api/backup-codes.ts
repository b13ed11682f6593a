import { toRequestError, unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

/**
 * Normalises a typed backup code: trimmed, spaces removed, dashes optional
 * (xxxx-xxxx). Returns null when nothing is left.
 */
export function normalizeBackupCode(input: string): string | null {
  const compact = input.replace(/\s+/g, '')
  if (!compact) return null
  const bare = compact.replace(/-/g, '')
  if (bare.length === 8) return `${bare.slice(0, 4)}-${bare.slice(4)}`
  return compact
}

/**
 * Replaces the user's backup codes (ten, 'xxxx-xxxx'); the new codes are
 * returned this once. The server needs an aal2 session for it.
 */
export async function generateBackupCodes(userId: string): Promise<string[]> {
  const codes = unwrap(await supabase.rpc('generate_backup_codes', { p_user_id: userId }))
  if (!codes || codes.length === 0) throw new Error('The server returned no backup codes')
  return codes
}

/**
 * True when the code was valid and unused. The server uses it up and grants
 * the current session a recovery: the next refresh raises it to aal2.
 */
export async function validateBackupCode(code: string): Promise<boolean> {
  return unwrap(await supabase.rpc('validate_backup_code', { p_backup_code: code })) === true
}

/** Collects the recovery grant of an accepted backup code: a new aal2 session. */
export async function completeRecovery(): Promise<void> {
  const { error } = await supabase.auth.refreshSession()
  if (error) throw toRequestError(error)
}
