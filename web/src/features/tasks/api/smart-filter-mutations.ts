import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { FilterData } from '../smart-filters/engine'
import type { SmartFilter } from './get-smart-filters'
import { smartFilterKeys } from './module-keys'
import { reportFailure } from './report'
import { CLEANUP_PAUSE_MS, type FilterName, batches, duplicateFilterIds } from '../utils/duplicate-filters'

export type SmartFilterInput = {
  name: string
  description: string
  data: FilterData
  color: string
  icon_name: string
  sort_option: string
  hide_when_empty: boolean
}

function row(input: SmartFilterInput) {
  const name = input.name.trim()
  return {
    name,
    name_normalized: name.toLowerCase(),
    description: input.description.trim() || null,
    filters_data: JSON.stringify(input.data),
    color: input.color,
    icon_name: input.icon_name,
    sort_option: input.sort_option,
    hide_when_empty: input.hide_when_empty,
  }
}

const COLUMNS = 'id, name, description, color, icon_name, sort_option, sort_order, system_key, hide_when_empty, is_enabled, filters_data'

/**
 * A new smart filter (001 §4): it shows at once with a temporary id, is
 * replaced by the saved row, and is removed again on failure with
 * 'Creation Failed - Unable to create smart filter. Please try again.'
 * (the server's own reason, 0107, when it gave one).
 */
export function useCreateSmartFilter(userId: string) {
  const queryClient = useQueryClient()
  const key = smartFilterKeys.list(userId)
  return useMutation({
    mutationFn: async (input: SmartFilterInput & { tempId: string }) =>
      unwrap(await supabase.from('smart_lists').insert({ ...row(input), user_id: userId }).select(COLUMNS).single()) as SmartFilter,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key })
      const temp: SmartFilter = { ...row(input), id: input.tempId, sort_order: 999, system_key: null, is_enabled: true }
      queryClient.setQueryData<SmartFilter[]>(key, (list) => [...(list ?? []), temp])
    },
    onSuccess: (saved, { tempId }) => {
      queryClient.setQueryData<SmartFilter[]>(key, (list) => (list ?? []).map((f) => (f.id === tempId ? saved : f)))
    },
    onError: (error, { tempId }) => {
      queryClient.setQueryData<SmartFilter[]>(key, (list) => (list ?? []).filter((f) => f.id !== tempId))
      reportFailure(error, 'Creation Failed', describeServer(error) ?? 'Unable to create smart filter. Please try again.')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

/** The sentence the server put under its error ('Filter name is required', the rate limit). */
function describeServer(error: unknown): string | null {
  const e = error as { details?: string; message?: string; code?: string }
  if (e?.code === '23514' && e.details) return e.details
  if (e?.code === 'P0001' && e.message) return e.message
  return null
}

export function useUpdateSmartFilter(userId: string) {
  const queryClient = useQueryClient()
  const key = smartFilterKeys.list(userId)
  return useMutation({
    mutationFn: async ({ id, ...input }: SmartFilterInput & { id: string }) =>
      unwrap(await supabase.from('smart_lists').update(row(input)).eq('id', id).select(COLUMNS).single()) as SmartFilter,
    onSuccess: (saved) => queryClient.setQueryData<SmartFilter[]>(key, (list) => (list ?? []).map((f) => (f.id === saved.id ? saved : f))),
    onError: (error) => reportFailure(error, 'Failed to update smart filter', describeServer(error) ?? undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

/** Soft delete (001 §4). */
export function useDeleteSmartFilter(userId: string) {
  const queryClient = useQueryClient()
  const key = smartFilterKeys.list(userId)
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await supabase.from('smart_lists').update({ is_deleted: true }).eq('id', id))
    },
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<SmartFilter[]>(key)
      queryClient.setQueryData<SmartFilter[]>(key, (list) => (list ?? []).filter((f) => f.id !== id))
      return { before }
    },
    onSuccess: () => toast.success('Smart filter deleted'),
    onError: (error, _id, context) => {
      queryClient.setQueryData(key, context?.before)
      reportFailure(error, 'Failed to delete smart filter')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

/**
 * Duplicate cleanup (001 §4, §8): filters of the same name (case-insensitive)
 * collapse to the oldest; the rest are soft-deleted in batches of 50 with
 * 100 ms pauses. Any error gives false, silently; the caller decides
 * whether to say 'Cleanup failed'. Returns how many were removed.
 */
export async function cleanupDuplicateFilters(userId: string): Promise<number | false> {
  let rows: FilterName[]
  try {
    rows = unwrap(await supabase.from('smart_lists').select('id, name, created_at').eq('user_id', userId).eq('is_deleted', false))
  } catch {
    return false
  }
  return removeDuplicateFilters(rows)
}

/**
 * Marks the duplicates among the user's live filters (rows) deleted, in
 * batches; answers how many, or false when a batch failed.
 */
export async function removeDuplicateFilters(rows: readonly FilterName[]): Promise<number | false> {
  try {
    const ids = duplicateFilterIds(rows)
    const parts = batches(ids)
    for (const [i, part] of parts.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, CLEANUP_PAUSE_MS))
      unwrap(await supabase.from('smart_lists').update({ is_deleted: true }).in('id', part))
    }
    return ids.length
  } catch {
    return false
  }
}

/** The settings' "Clean up duplicates" button. */
export function useCleanupDuplicateFilters(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => cleanupDuplicateFilters(userId),
    onSuccess: (removed) => {
      if (removed === false) toast.error('Cleanup failed', { description: 'Failed to clean up duplicates. Please try again.' })
      else toast.success(removed === 0 ? 'No duplicate filters' : `${removed} duplicate filter${removed === 1 ? '' : 's'} removed`)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: smartFilterKeys.list(userId) }),
    meta: { silent: true },
  })
}

/** hide_when_empty toggled from settings, built-in filters included (001 §4). */
export function useSetHideWhenEmpty(userId: string) {
  const queryClient = useQueryClient()
  const key = smartFilterKeys.list(userId)
  return useMutation({
    mutationFn: async ({ id, hide }: { id: string; hide: boolean }) => {
      unwrap(await supabase.from('smart_lists').update({ hide_when_empty: hide }).eq('id', id))
    },
    onMutate: ({ id, hide }) => {
      const before = queryClient.getQueryData<SmartFilter[]>(key)
      queryClient.setQueryData<SmartFilter[]>(key, (list) => (list ?? []).map((f) => (f.id === id ? { ...f, hide_when_empty: hide } : f)))
      return { before }
    },
    onError: (error, _v, context) => {
      queryClient.setQueryData(key, context?.before)
      reportFailure(error, 'Failed to update smart filter')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
