import type { User } from '@supabase/supabase-js'
import { isAdmin } from '@/lib/auth-store'

/** The domain of the operator's own accounts (the demo seed's, a reserved .local name nobody else holds). */
export const INTERNAL_EMAIL_DOMAIN = 'daybase.local'

const FLAGS = ['internal', 'dev', 'admin'] as const

function flagged(meta: Record<string, unknown> | undefined): boolean {
  return !!meta && FLAGS.some((f) => meta[f] === true || meta[f] === 'true')
}

/**
 * Who may open the debug information dialog (002 §6): a user whose e-mail
 * looks internal (a confirmed address at INTERNAL_EMAIL_DOMAIN), an admin
 * named by the operator (`daybase admin grant`, the daybase_admin claim), or
 * one whose metadata carries an internal, dev or admin flag. The flags are
 * read from app_metadata, which only the server writes (`daybase admin`, the
 * admin API): user_metadata is the user's own to edit, so it proves nothing.
 */
export function isInternalUser(user: User | null | undefined): boolean {
  if (!user) return false
  if (isAdmin(user) || flagged(user.app_metadata)) return true
  const email = (user.email ?? '').toLowerCase()
  return !!user.email_confirmed_at && email.endsWith(`@${INTERNAL_EMAIL_DOMAIN}`)
}
