import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { projectKeys } from './module-keys'
import { reportFailure } from './report'

export type ProjectFields = {
  name: string
  overview: string | null
  color: string
  icon_name: string
  icon_weight: string
}

/** A new project; the server gives it sort_order of the highest plus one (001 §3). */
export async function createProject(userId: string, fields: ProjectFields) {
  return unwrap(
    await supabase
      .from('projects')
      .insert({ ...fields, name: fields.name.trim(), user_id: userId })
      .select('id, name')
      .single(),
  )
}

export function useCreateProject(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fields: ProjectFields) => createProject(userId, fields),
    onSuccess: (p) => {
      toast.success('Project created', { description: p.name })
      return queryClient.invalidateQueries({ queryKey: projectKeys.list(userId) })
    },
    onError: (error) => reportFailure(error, 'Failed to create project'),
  })
}
