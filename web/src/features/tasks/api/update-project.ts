import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import type { ProjectFields } from './create-project'
import { taskKeys } from './keys'
import { projectKeys } from './module-keys'
import { patchProjects, restoreProjects } from './project-cache'
import { reportFailure } from './report'

/** Edits a project (owner and admins, 0104); its tasks' list follows a new name on the server. */
export async function updateProject(id: string, fields: ProjectFields) {
  unwrap(await supabase.from('projects').update({ ...fields, name: fields.name.trim() }).eq('id', id).select('id').single())
}

export function useUpdateProject(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: ProjectFields }) => updateProject(id, fields),
    onMutate: ({ id, fields }) => patchProjects(queryClient, userId, (ps) => ps.map((p) => (p.id === id ? { ...p, ...fields } : p))),
    onSuccess: () => toast.success('Project updated'),
    onError: (error, _v, before) => {
      restoreProjects(queryClient, userId, before)
      reportFailure(error, 'Update failed')
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.list(userId) })
      await queryClient.invalidateQueries({ queryKey: taskKeys.lists() })
    },
  })
}
