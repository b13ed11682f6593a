import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { projectKeys } from './module-keys'
import { patchProjects, restoreProjects } from './project-cache'
import { reportFailure } from './report'

/**
 * Archive and restore (0650; 001 §2's "Archive Project" placeholder made
 * real): an archived project leaves the sidebar and the views with its
 * tasks, and comes back whole from the archive list. Owner only.
 */
export function useSetProjectArchived(userId: string) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: async ({ id, archived }: { id: string; archived: boolean; name: string }) => {
      unwrap(await supabase.from('projects').update({ is_archived: archived }).eq('id', id).select('id').single())
    },
    onMutate: ({ id, archived }) =>
      patchProjects(queryClient, userId, (ps) =>
        ps.map((p) => (p.id === id ? { ...p, is_archived: archived, archived_at: archived ? new Date().toISOString() : null } : p)),
      ),
    onSuccess: (_d, { id, archived, name }) =>
      toast.success(archived ? 'Project archived' : 'Project restored', {
        description: name,
        ...(archived ? { action: { label: 'Undo', onClick: () => mutation.mutate({ id, archived: false, name }) } } : {}),
      }),
    onError: (error, { archived }, before) => {
      restoreProjects(queryClient, userId, before)
      reportFailure(error, archived ? 'Archive failed' : 'Restore failed')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.list(userId) }),
  })
  return mutation
}
