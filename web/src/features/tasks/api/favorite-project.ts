import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { projectKeys } from './module-keys'
import { patchProjects, restoreProjects } from './project-cache'
import { reportFailure } from './report'

/** Favorite toggle per project (001 §4; the owner's, 0104), optimistic. */
export function useSetProjectFavorite(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, favorite }: { id: string; favorite: boolean }) => {
      unwrap(await supabase.from('projects').update({ is_favorite: favorite }).eq('id', id).select('id').single())
    },
    onMutate: ({ id, favorite }) =>
      patchProjects(queryClient, userId, (ps) => ps.map((p) => (p.id === id ? { ...p, is_favorite: favorite } : p))),
    onSuccess: (_d, { favorite }) => toast.success(favorite ? 'Added to favorites' : 'Removed from favorites'),
    onError: (error, { favorite }, before) => {
      restoreProjects(queryClient, userId, before)
      reportFailure(error, favorite ? 'Failed to update project favorites.' : 'Failed to remove from favorites.')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.list(userId) }),
  })
}
