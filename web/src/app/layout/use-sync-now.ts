import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { describeError } from '@/lib/errors'
import { toast } from '@/lib/toast'

/** Sync now: refetch every active query and report the outcome (a dropped connection in words). */
export function useSyncNow(): () => void {
  const queryClient = useQueryClient()
  return useCallback(() => {
    queryClient
      .refetchQueries({ type: 'active' }, { throwOnError: true })
      .then(() => toast.success('Sync completed'))
      .catch((e: unknown) => toast.error('Sync failed', { description: describeError(e) }))
  }, [queryClient])
}
