import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { taskKeys } from './keys'
import { projectKeys } from './module-keys'
import { patchProjects, restoreProjects } from './project-cache'
import { reportFailure } from './report'

/** Soft delete (001 §4), owner only; the server takes the project's tasks to the bin with it. */
export function useDeleteProject(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id }: { id: string; name: string }) => {
      unwrap(await supabase.from('projects').update({ is_deleted: true }).eq('id', id).select('id').single())
    },
    onMutate: ({ id }) => patchProjects(queryClient, userId, (ps) => ps.filter((p) => p.id !== id)),
    onSuccess: (_d, { name }) => toast.success('Project deleted', { description: name }),
    onError: (error, _v, before) => {
      restoreProjects(queryClient, userId, before)
      reportFailure(error, 'Failed to delete project.')
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.list(userId) })
      await queryClient.invalidateQueries({ queryKey: taskKeys.lists() })
    },
  })
}
