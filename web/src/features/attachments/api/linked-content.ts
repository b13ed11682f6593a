import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { cleanContentTerm } from '@/lib/content-search'
import { RequestError, unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

export type ContentType = 'note' | 'journal'

/** A row of task_attachments_v (002 §3 "Linked content"). */
export type LinkedContent = {
  id: string
  task_id: string
  content_id: string
  content_type: ContentType
  title: string
  content_markdown: string | null
  updated_at: string
  author_id: string | null
  linked_at: string
  linked_by: string | null
}

/** Something of the user's that can be linked: recent content or a search result. */
export type ContentItem = { id: string; content_type: ContentType; title: string; text: string; updated_at: string }

export const linkedKeys = {
  task: (taskId: string) => ['task-linked-content', taskId] as const,
  recent: ['recent-content'] as const,
  search: (term: string) => ['attach-content-search', term] as const,
}

function contentType(raw: string | null): ContentType {
  if (raw === 'note' || raw === 'journal') return raw
  throw new RequestError(`Invalid content type: ${raw ?? ''}`)
}

/** The task's linked notes and entries, newest link first (002 §7). */
export function useLinkedContent(taskId: string) {
  return useQuery({
    queryKey: linkedKeys.task(taskId),
    queryFn: async ({ signal }): Promise<LinkedContent[]> => {
      const rows = unwrap(
        await supabase.from('task_attachments_v').select('*').eq('task_id', taskId).order('linked_at', { ascending: false }).abortSignal(signal),
      )
      return rows.map((r) => ({
        id: r.id ?? '',
        task_id: r.task_id ?? taskId,
        content_id: r.content_id ?? '',
        content_type: contentType(r.content_type),
        title: r.title ?? '',
        content_markdown: r.content_markdown,
        updated_at: r.updated_at ?? '',
        author_id: r.author_id,
        linked_at: r.linked_at ?? '',
        linked_by: r.linked_by,
      }))
    },
    staleTime: 5 * 60_000,
  })
}

/** Recent Content (002 §7, §9): 20, half notes and half journal entries, cached 60 s. */
export function useRecentContent(enabled: boolean) {
  return useQuery({
    queryKey: linkedKeys.recent,
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<ContentItem[]> => {
      const rows = unwrap(await supabase.rpc('get_recent_content', { p_limit: 20 }).abortSignal(signal))
      return rows.map((r) => ({ id: r.id, content_type: contentType(r.content_type), title: r.title, text: r.content ?? '', updated_at: r.updated_at }))
    },
  })
}

/**
 * Search Results (002 §5, §7): search_user_content over notes and over
 * journal entries (20 each, the best 20 kept), term cleaned to 2–200
 * characters, cached 30 s.
 */
export function useContentSearch(raw: string) {
  const term = cleanContentTerm(raw)
  return useQuery({
    queryKey: linkedKeys.search(term),
    enabled: term !== '',
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<ContentItem[]> => {
      const call = (kind: ContentType) =>
        supabase.rpc('search_user_content', { p_search_term: term, p_content_type: kind, p_limit: 20 }).abortSignal(signal)
      const [notes, entries] = await Promise.all([call('note'), call('journal')])
      return [...unwrap(notes), ...unwrap(entries)]
        .sort((a, b) => b.rank - a.rank || b.updated_at.localeCompare(a.updated_at))
        .slice(0, 20)
        .map((r) => ({ id: r.id, content_type: contentType(r.content_type), title: r.title, text: r.snippet ?? '', updated_at: r.updated_at }))
    },
  })
}

async function link(taskId: string, item: Pick<ContentItem, 'id' | 'content_type'>): Promise<void> {
  if (item.content_type === 'note') unwrap(await supabase.rpc('create_task_note_link', { p_task_id: taskId, p_note_id: item.id }))
  else unwrap(await supabase.rpc('create_task_journal_link', { p_task_id: taskId, p_journal_id: item.id }))
}

async function unlink(taskId: string, item: Pick<LinkedContent, 'content_id' | 'content_type'>): Promise<void> {
  if (item.content_type === 'note') unwrap(await supabase.from('task_note_links').delete().eq('task_id', taskId).eq('note_id', item.content_id))
  else unwrap(await supabase.from('task_journal_links').delete().eq('task_id', taskId).eq('journal_id', item.content_id))
}

/**
 * Link and unlink (002 §4, §8): the list changes at once; a failure puts
 * it back without a message, and the server's list is read again.
 */
export function useLinkToggle(taskId: string, userId: string) {
  const queryClient = useQueryClient()
  const key = linkedKeys.task(taskId)
  const optimistic = async (change: (list: LinkedContent[]) => LinkedContent[]) => {
    await queryClient.cancelQueries({ queryKey: key })
    const before = queryClient.getQueryData<LinkedContent[]>(key)
    queryClient.setQueryData<LinkedContent[]>(key, (list) => change(list ?? []))
    return { before }
  }
  const settle = {
    onError: (_e: unknown, _v: unknown, context: { before: LinkedContent[] | undefined } | undefined) => {
      queryClient.setQueryData(key, context?.before)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    // Silent on failure (002 §8): the revert is the message.
    meta: { silent: true },
  }
  const linkMutation = useMutation({
    mutationFn: (item: ContentItem) => link(taskId, item),
    onMutate: (item: ContentItem) =>
      optimistic((list) => [
        {
          id: `pending-${item.id}`,
          task_id: taskId,
          content_id: item.id,
          content_type: item.content_type,
          title: item.title,
          content_markdown: item.text,
          updated_at: item.updated_at,
          author_id: userId,
          linked_at: new Date().toISOString(),
          linked_by: userId,
        },
        ...list.filter((l) => l.content_id !== item.id),
      ]),
    ...settle,
  })
  const unlinkMutation = useMutation({
    mutationFn: (item: LinkedContent) => unlink(taskId, item),
    onMutate: (item: LinkedContent) => optimistic((list) => list.filter((l) => l.content_id !== item.content_id)),
    ...settle,
  })
  return { link: linkMutation.mutate, unlink: unlinkMutation.mutate }
}

/** Creates a note ({title, content, user_id}) or a journal entry ({title, content, user_id, date}) and links it (002 §7). */
export async function createAndLink(taskId: string, userId: string, kind: ContentType, title: string, content: string, today: string): Promise<ContentItem> {
  const row =
    kind === 'note'
      ? unwrap(await supabase.from('notes').insert({ title, content, user_id: userId }).select('id, title, content, updated_at').single())
      : unwrap(
          await supabase.from('journal_entries').insert({ title, content, user_id: userId, date: today }).select('id, title, content, updated_at').single(),
        )
  const item: ContentItem = { id: row.id, content_type: kind, title: row.title ?? title, text: row.content ?? '', updated_at: row.updated_at }
  await link(taskId, item)
  return item
}
