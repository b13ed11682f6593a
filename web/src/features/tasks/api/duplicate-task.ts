import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { taskKeys } from './keys'
import { reportFailure } from './report'

/**
 * RPC duplicate_task (0651): the task with its subtasks, copied in one
 * transaction, shown right below the original. Replaces 001 §2's
 * placeholder that "only shows a toast and copies nothing".
 */
export async function duplicateTask(id: string) {
  return unwrap(await supabase.rpc('duplicate_task', { p_task_id: id }))
}

export function useDuplicateTask(onCopied?: (id: string) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: duplicateTask,
    onSuccess: async (copy) => {
      await queryClient.invalidateQueries({ queryKey: taskKeys.lists() })
      toast.success('Task duplicated', { description: copy.title })
      onCopied?.(copy.id)
    },
    onError: (error) => reportFailure(error, 'Failed to duplicate task.'),
  })
}
