import { queryOptions, useQuery } from '@tanstack/react-query'
import { isAdmin } from '@/lib/auth-store'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { adminKeys } from './keys'

/**
 * Whether the account is an admin now, from the user object the server
 * reads from the database (auth.getUser), not the token's copy: a grant
 * shows at once and a revoke hides the console at once. The admin-sql
 * function checks again on every call.
 */
export async function getAdminStatus(): Promise<boolean> {
  const { user } = unwrap(await supabase.auth.getUser())
  return isAdmin(user)
}

export const adminStatusQuery = (userId: string) =>
  queryOptions({ queryKey: adminKeys.status(userId), queryFn: getAdminStatus, staleTime: 60_000 })

export function useAdminStatus(userId: string) {
  return useQuery(adminStatusQuery(userId))
}
