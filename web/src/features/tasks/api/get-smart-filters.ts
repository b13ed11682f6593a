import { useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import type { TableRow } from '@/lib/database'
import { smartFilterKeys } from './module-keys'
import { cleanupDuplicateFilters } from './smart-filter-mutations'

export type SmartFilter = Pick<
  TableRow<'smart_lists'>,
  'id' | 'name' | 'description' | 'color' | 'icon_name' | 'sort_option' | 'sort_order' | 'system_key' | 'hide_when_empty' | 'is_enabled' | 'filters_data'
>

const ensured = new Set<string>()

/**
 * The user's smart filters (smart_lists, not deleted, by sort_order). The
 * first read of a session makes sure the seven built-ins exist (RPC
 * ensure_default_smart_lists {p_user_id}, 001 §7) and that duplicates are gone.
 */
export async function getSmartFilters(userId: string, signal: AbortSignal): Promise<SmartFilter[]> {
  if (!ensured.has(userId)) {
    unwrap(await supabase.rpc('ensure_default_smart_lists', { p_user_id: userId }).abortSignal(signal))
    ensured.add(userId)
    // Duplicates another device left behind collapse once a session (001 §4); failures are silent.
    await cleanupDuplicateFilters(userId)
  }
  return unwrap(
    await supabase
      .from('smart_lists')
      .select('id, name, description, color, icon_name, sort_option, sort_order, system_key, hide_when_empty, is_enabled, filters_data')
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('sort_order', { ascending: true })
      .order('created_at', { ascending: true })
      .abortSignal(signal),
  )
}

export const smartFiltersQueryOptions = userQueryOptions(smartFilterKeys.list, getSmartFilters, { staleTime: 30_000, gcTime: 5 * 60_000 })

export function useSmartFilters(userId: string) {
  return useQuery(smartFiltersQueryOptions(userId))
}
