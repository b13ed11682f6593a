import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'

/** Notes and folders shared with the user by links they opened (0672 get_shared_with_me). */
export async function getSharedWithMe(signal: AbortSignal) {
  return unwrap(await supabase.rpc('get_shared_with_me').abortSignal(signal))
}

export type SharedItem = Awaited<ReturnType<typeof getSharedWithMe>>[number]

export function sharedWithMeQueryOptions(userId: string) {
  return queryOptions({ queryKey: noteKeys.sharedWithMe(userId), queryFn: ({ signal }) => getSharedWithMe(signal) })
}

export function useSharedWithMe(userId: string) {
  return useQuery(sharedWithMeQueryOptions(userId))
}
