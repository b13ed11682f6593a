import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { mentionedIds } from '../utils/mentions'

export type Comment = {
  id: string
  task_id: string
  user_id: string
  content: string
  mentions: string[]
  team_id: string | null
  created_at: string
  updated_at: string
}

export type Person = { user_id: string; full_name: string | null; email: string | null; avatar_url: string | null }

const COLUMNS = 'id, task_id, user_id, content, mentions, team_id, created_at, updated_at'

export const commentKeys = {
  thread: (taskId: string) => ['task-comments', taskId] as const,
  people: (taskId: string) => ['task-people', taskId] as const,
}

/** A task's thread (002 §7): not deleted, oldest first. */
export function useComments(taskId: string) {
  return useQuery({
    queryKey: commentKeys.thread(taskId),
    queryFn: async ({ signal }): Promise<Comment[]> =>
      unwrap(await supabase.from('task_comments').select(COLUMNS).eq('task_id', taskId).eq('is_marked_deleted', false).order('created_at').abortSignal(signal)),
  })
}

/** Who can see the task (0690): the thread's authors and the @ picker's people. */
export function useTaskPeople(taskId: string) {
  return useQuery({
    queryKey: commentKeys.people(taskId),
    queryFn: async ({ signal }): Promise<Person[]> => unwrap(await supabase.rpc('get_task_people', { p_task_id: taskId }).abortSignal(signal)),
    staleTime: 60_000,
  })
}

type NewComment = { teamId: string | null; content: string }

/**
 * Adds, edits and deletes (softly) comments with 002 §8's toasts. The
 * server reads the mentions from the text as well (0205) and notifies the
 * people mentioned.
 */
export function useCommentMutations(userId: string, taskId: string) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentKeys.thread(taskId) })
  const add = useMutation({
    mutationFn: async ({ teamId, content }: NewComment) =>
      unwrap(
        await supabase
          .from('task_comments')
          .insert({ task_id: taskId, user_id: userId, content: content.trim(), mentions: mentionedIds(content), team_id: teamId })
          .select(COLUMNS)
          .single(),
      ),
    onSuccess: (row) => {
      queryClient.setQueryData<Comment[]>(commentKeys.thread(taskId), (old) => (old?.some((c) => c.id === row.id) ? old : [...(old ?? []), row]))
      toast.success('Comment added')
    },
    onError: () => toast.error('Failed to add comment. Please try again.'),
    onSettled: refresh,
    meta: { silent: true },
  })
  const update = useMutation({
    mutationFn: async ({ id, content }: { id: string; content: string }) =>
      unwrap(
        await supabase
          .from('task_comments')
          .update({ content: content.trim(), mentions: mentionedIds(content), updated_at: new Date().toISOString() })
          .eq('id', id)
          .select(COLUMNS)
          .single(),
      ),
    onSuccess: () => toast.success('Comment updated'),
    onError: () => toast.error('Failed to update comment. Please try again.'),
    onSettled: refresh,
    meta: { silent: true },
  })
  const remove = useMutation({
    mutationFn: async (id: string) => {
      unwrap(await supabase.from('task_comments').update({ is_marked_deleted: true, updated_at: new Date().toISOString() }).eq('id', id))
    },
    onMutate: (id) => {
      queryClient.setQueryData<Comment[]>(commentKeys.thread(taskId), (old) => old?.filter((c) => c.id !== id))
    },
    onSuccess: () => toast.success('Comment deleted'),
    onError: () => toast.error('Failed to delete comment. Please try again.'),
    onSettled: refresh,
    meta: { silent: true },
  })
  return { add, update, remove }
}
