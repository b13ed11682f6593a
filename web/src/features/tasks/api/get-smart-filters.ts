import { useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import type { TableRow } from '@/lib/database'
import { smartFilterKeys } from './module-keys'
import { duplicateFilterIds } from '../utils/duplicate-filters'
import { removeDuplicateFilters } from './smart-filter-mutations'

export type SmartFilter = Pick<
  TableRow<'smart_lists'>,
  'id' | 'name' | 'description' | 'color' | 'icon_name' | 'sort_option' | 'sort_order' | 'system_key' | 'hide_when_empty' | 'is_enabled' | 'filters_data'
>

const ensured = new Set<string>()

/** The live filters in their order; created_at too, for the duplicate cleanup (it keeps the oldest of a name). */
function readFilters(userId: string, signal: AbortSignal) {
  return supabase
    .from('smart_lists')
    .select('id, name, description, color, icon_name, sort_option, sort_order, system_key, hide_when_empty, is_enabled, filters_data, created_at')
    .eq('user_id', userId)
    .eq('is_deleted', false)
    .order('sort_order', { ascending: true })
    .order('created_at', { ascending: true })
    .abortSignal(signal)
}

/**
 * The user's smart filters (smart_lists, not deleted, by sort_order). The
 * first read of a session makes sure the seven built-ins exist (RPC
 * ensure_default_smart_lists {p_user_id}, 001 §7) and that duplicates are
 * gone: the RPC and the read go side by side, and the filters are read
 * again only when the RPC added some, so the sidebar's filters cost one
 * round trip, not three in a row, while the first screen loads.
 */
export async function getSmartFilters(userId: string, signal: AbortSignal): Promise<SmartFilter[]> {
  if (ensured.has(userId)) return unwrap(await readFilters(userId, signal))
  const [ensure, read] = await Promise.all([
    supabase.rpc('ensure_default_smart_lists', { p_user_id: userId }).abortSignal(signal),
    readFilters(userId, signal),
  ])
  const added = unwrap(ensure)
  ensured.add(userId)
  const rows = added ? unwrap(await readFilters(userId, signal)) : unwrap(read)
  // Duplicates another device left behind collapse once a session (001 §4); failures are silent.
  const duplicates = new Set(duplicateFilterIds(rows))
  if (!duplicates.size || (await removeDuplicateFilters(rows)) === false) return rows
  return rows.filter((r) => !duplicates.has(r.id))
}

export const smartFiltersQueryOptions = userQueryOptions(smartFilterKeys.list, getSmartFilters, { staleTime: 30_000, gcTime: 5 * 60_000 })

export function useSmartFilters(userId: string) {
  return useQuery(smartFiltersQueryOptions(userId))
}
