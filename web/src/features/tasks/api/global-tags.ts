import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import type { TableRow } from '@/lib/database'
import { tagColor } from '../utils/tags'
import { tagKeys } from './module-keys'
import { reportFailure } from './report'

export type GlobalTag = Pick<TableRow<'global_tags'>, 'id' | 'name' | 'color' | 'usage_count'>

/** global_tags by user_id, not deleted, most used first (001 §7); fresh 60 s, kept 5 min (001 §9). */
export async function getGlobalTags(userId: string, signal: AbortSignal): Promise<GlobalTag[]> {
  return unwrap(
    await supabase
      .from('global_tags')
      .select('id, name, color, usage_count')
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('usage_count', { ascending: false })
      .order('name', { ascending: true })
      .abortSignal(signal),
  )
}

export const globalTagsQueryOptions = userQueryOptions(tagKeys.list, getGlobalTags, { staleTime: 60_000, gcTime: 5 * 60_000 })

export function useGlobalTags(userId: string) {
  return useQuery(globalTagsQueryOptions(userId))
}

/**
 * A tag put on a task: an existing one (matched case-insensitively, 001 §5)
 * gets usage_count + 1, a new one is inserted with its palette colour and
 * usage_count 1. The Free plan's 50 tags are the server's cap (paywall).
 */
export async function recordTagUse(userId: string | undefined, name: string, known: readonly GlobalTag[]): Promise<void> {
  if (!userId) throw new Error('User not authenticated for tags')
  const existing = known.find((t) => t.name.toLowerCase() === name.trim().toLowerCase())
  if (existing) {
    unwrap(await supabase.from('global_tags').update({ usage_count: existing.usage_count + 1 }).eq('id', existing.id))
    return
  }
  unwrap(await supabase.from('global_tags').insert({ name: name.trim(), color: tagColor(name), user_id: userId, usage_count: 1 }))
}

export function useRecordTagUse(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => recordTagUse(userId, name, queryClient.getQueryData<GlobalTag[]>(tagKeys.list(userId)) ?? []),
    onError: (error) => reportFailure(error, 'Could not save the tag'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tagKeys.list(userId) }),
  })
}
