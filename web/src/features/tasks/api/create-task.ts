import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { taskKeys } from './keys'

export type CreateTaskInput = { userId: string; title: string }

/** 'Task title required' (spec 001 §5); the server rejects blank titles too. */
export function validateTaskTitle(title: string): string | null {
  return title.trim() ? null : 'Please enter a task title to continue'
}

/**
 * Inserts a task. On the Free plan the server refuses the 501st with
 * 'Task limit reached for Free plan', which opens the paywall.
 */
export async function createTask({ userId, title }: CreateTaskInput) {
  return unwrap(
    await supabase
      .from('tasks')
      .insert({ user_id: userId, title: title.trim(), is_completed: false, is_deleted: false })
      .select('id, title')
      .single(),
  )
}

export function useCreateTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTask,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
    meta: { errorTitle: 'Error creating task' },
  })
}
