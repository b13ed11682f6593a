import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { type JournalAppearance, serializeAppearance } from '../utils/appearance'
import type { Journal } from './get-journals'
import { journalKeys } from './keys'

export type JournalInput = { name: string; appearance: JournalAppearance }

/** 'Journal name is required' (002 §5: non-empty after trimming); the server refuses it with the same text. */
export function validateJournalName(name: string): string | null {
  return name.trim() ? null : 'Journal name is required'
}

/** Create Journal (002 §7: journal_folders insert {name, color}); color holds the icon and colour as JSON. */
export async function createJournal({ userId, name, appearance, sortOrder }: JournalInput & { userId: string; sortOrder: number }) {
  return unwrap(
    await supabase
      .from('journal_folders')
      .insert({ user_id: userId, name: name.trim(), color: serializeAppearance(appearance), sort_order: sortOrder })
      .select('*')
      .single(),
  )
}

/** Renames a journal or changes its icon and colour. */
export async function updateJournal({ id, name, appearance }: JournalInput & { id: string }) {
  return unwrap(await supabase.from('journal_folders').update({ name: name.trim(), color: serializeAppearance(appearance) }).eq('id', id).select('*').single())
}

/** Soft-deletes a journal; its entries are kept and leave it (0203). */
export async function deleteJournal({ id }: { id: string }) {
  unwrap(await supabase.from('journal_folders').update({ is_deleted: true }).eq('id', id))
}

function useJournalsCache(userId: string) {
  const queryClient = useQueryClient()
  const key = journalKeys.journals(userId)
  return {
    queryClient,
    key,
    async edit(fn: (l: Journal[]) => Journal[]) {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Journal[]>(key)
      if (before) queryClient.setQueryData(key, fn(before))
      return { before }
    },
    restore: (before: Journal[] | undefined) => queryClient.setQueryData(key, before),
    settle: () => queryClient.invalidateQueries({ queryKey: key }),
  }
}

/** The new journal shows in the sidebar at once; 'Journal created'. */
export function useCreateJournal(userId: string) {
  const cache = useJournalsCache(userId)
  return useMutation({
    mutationFn: (input: JournalInput) => {
      const list = (cache.queryClient.getQueryData<Journal[]>(cache.key) ?? []).filter((j) => !j.id.startsWith('pending-'))
      return createJournal({ ...input, userId, sortOrder: list.reduce((m, j) => Math.max(m, j.sort_order + 1), 0) })
    },
    onMutate: ({ name, appearance }) => {
      const now = new Date().toISOString()
      return cache.edit((l) => [
        ...l,
        { id: `pending-${now}`, user_id: userId, name: name.trim(), color: serializeAppearance(appearance), sort_order: 2_000_000_000, is_deleted: false, created_at: now, updated_at: now },
      ])
    },
    onError: (_e, _v, context) => cache.restore(context?.before),
    onSuccess: () => toast.success('Journal created'),
    onSettled: cache.settle,
    meta: { errorTitle: 'Error creating journal' },
  })
}

export function useUpdateJournal(userId: string) {
  const cache = useJournalsCache(userId)
  return useMutation({
    mutationFn: updateJournal,
    onMutate: ({ id, name, appearance }) =>
      cache.edit((l) => l.map((j) => (j.id === id ? { ...j, name: name.trim(), color: serializeAppearance(appearance) } : j))),
    onError: (_e, _v, context) => cache.restore(context?.before),
    onSuccess: () => toast.success('Journal updated'),
    onSettled: cache.settle,
    meta: { errorTitle: 'Error updating journal' },
  })
}

export function useDeleteJournal(userId: string) {
  const cache = useJournalsCache(userId)
  return useMutation({
    mutationFn: deleteJournal,
    onMutate: ({ id }) => cache.edit((l) => l.filter((j) => j.id !== id)),
    onError: (_e, _v, context) => cache.restore(context?.before),
    onSuccess: () => toast.success('Journal deleted'),
    onSettled: () => {
      void cache.settle()
      void cache.queryClient.invalidateQueries({ queryKey: journalKeys.entries(userId) })
    },
    meta: { errorTitle: 'Error deleting journal' },
  })
}
