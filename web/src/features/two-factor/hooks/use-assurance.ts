import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSession } from '@/lib/auth-store'
import { checkAssurance } from '../api/assurance'
import { twoFactorKeys } from '../api/keys'

/** The check result is cached 5 minutes per session token (spec 000 §4). */
export const ASSURANCE_CACHE_MS = 5 * 60_000

/**
 * The assurance check of the current session. While a new token is being
 * checked the previous answer stays, so nothing behind the gate unmounts.
 */
export function useAssurance() {
  const session = useSession()
  return useQuery({
    queryKey: twoFactorKeys.assurance(session?.access_token ?? ''),
    queryFn: () => {
      if (!session) throw new Error('No session')
      return checkAssurance(session.user.id)
    },
    enabled: !!session,
    staleTime: ASSURANCE_CACHE_MS,
    gcTime: ASSURANCE_CACHE_MS,
    placeholderData: keepPreviousData,
  })
}
