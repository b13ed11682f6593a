import type { User } from '@supabase/supabase-js'

/**
 * The app_metadata key that marks an admin: set only by the operator
 * (`daybase admin grant EMAIL`, internal/admins), never by the user.
 */
export const ADMIN_CLAIM = 'daybase_admin'

/**
 * Whether the signed-in user's token says admin. For what the app shows
 * (the SQL console's entry, the debug dialog): the copy in the token may be
 * up to an hour old, and the server checks the database on every admin call.
 */
export function isAdmin(user: Pick<User, 'app_metadata'> | null | undefined): boolean {
  return user?.app_metadata?.[ADMIN_CLAIM] === true
}
