import { useMutation, useQueryClient } from '@tanstack/react-query'
import { errorMessage, unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { taskKeys } from './keys'
import { projectKeys } from './module-keys'
import { reportFailure } from './report'

/**
 * RPC duplicate_project (0652): the copy is named '(Copy)', '(Copy 2)' …
 * (001 §4) and takes the project's open tasks with their subtasks.
 */
export async function duplicateProject(id: string) {
  return unwrap(await supabase.rpc('duplicate_project', { p_project_id: id }))
}

export function useDuplicateProject(userId: string, onCopied?: (id: string) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: duplicateProject,
    onSuccess: async (copy) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list(userId) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
      ])
      toast.success('Project duplicated', { description: copy.name })
      onCopied?.(copy.id)
    },
    // A unique-name clash reads as the spec's sentence (the server's message already is).
    onError: (error) => reportFailure(error, 'Duplicate failed', errorMessage(error)),
  })
}
