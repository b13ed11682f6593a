import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { loadConfig } from '@/lib/config'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { calendarSyncKeys } from './feed'

export const appPasswordKeys = {
  list: (userId: string) => [...calendarSyncKeys.all, userId, 'app-passwords'] as const,
}

export type AppPassword = { id: string; name: string; created_at: string; last_used_at: string | null }
export type NewAppPassword = { id: string; name: string; password: string; created_at: string }

/** The address CalDAV apps sign in to (gateway/calsync, dav.go). */
export function caldavUrl(base = loadConfig()?.url ?? window.location.origin): string {
  return `${base.replace(/\/+$/, '')}/calendar/v1/dav/`
}

export function appPasswordsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: appPasswordKeys.list(userId),
    queryFn: async ({ signal }): Promise<AppPassword[]> =>
      unwrap(
        await supabase
          .from('app_passwords')
          .select('id, name, created_at, last_used_at')
          .eq('user_id', userId)
          .order('created_at', { ascending: false })
          .abortSignal(signal),
      ),
  })
}

export function useAppPasswords(userId: string, enabled: boolean) {
  return useQuery({ ...appPasswordsQueryOptions(userId), enabled })
}

/** Makes an app password; the answer holds it in clear, the only time. */
export function useCreateAppPassword(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string): Promise<NewAppPassword> => {
      const rows = unwrap(await supabase.rpc('create_app_password', { p_name: name }))
      const row = rows[0]
      if (!row) throw new Error('The server made no app password')
      return row
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appPasswordKeys.list(userId) }),
    meta: { errorTitle: 'Could not make the app password' },
  })
}

export function useRevokeAppPassword(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await supabase.from('app_passwords').delete().eq('id', id))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appPasswordKeys.list(userId) }),
    meta: { errorTitle: 'Could not revoke the app password' },
  })
}
