import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { zoneBeforeCompleting } from './completion-zone'
import { taskKeys } from './keys'

type Completion = { id: string; completed: boolean }

/** Completes or reopens a task (the server sets completed_at and makes a recurring task's next one). */
export async function setTaskCompleted({ id, completed }: Completion): Promise<void> {
  // The offline queue (~3 KiB gzip) loads with the first completion, not with
  // the dashboard's first screen; the shell loads it at idle anyway
  // (offline-status.tsx), and the service worker keeps it for offline use.
  const { isOffline, queueTaskUpdate } = await import('./offline')
  if (isOffline()) {
    await queueTaskUpdate(id, { is_completed: completed })
    return
  }
  if (completed) await zoneBeforeCompleting()
  unwrap(await supabase.from('tasks').update({ is_completed: completed }).eq('id', id))
}

type Listed = { id: string }

/**
 * Quick complete: the task leaves every cached list at once; 'Task
 * completed' offers Undo ('Task reopened'); a failure puts it back.
 */
export function useSetTaskCompleted() {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: setTaskCompleted,
    onMutate: async ({ id, completed }) => {
      await queryClient.cancelQueries({ queryKey: taskKeys.lists() })
      const previous = queryClient.getQueriesData<Listed[]>({ queryKey: taskKeys.lists() })
      if (completed) queryClient.setQueriesData<Listed[]>({ queryKey: taskKeys.lists() }, (rows) => rows?.filter((r) => r.id !== id))
      return { previous }
    },
    onError: (e, _v, context) => {
      for (const [key, rows] of context?.previous ?? []) queryClient.setQueryData(key, rows)
      toast.error('Update failed', { description: e.message })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
    networkMode: 'always',
  })
  return {
    ...mutation,
    /** Completes with an Undo toast. */
    complete: (id: string, title: string) =>
      mutation.mutate(
        { id, completed: true },
        {
          onSuccess: () =>
            toast.success('Task completed', {
              description: title,
              action: {
                label: 'Undo',
                onClick: () => mutation.mutate({ id, completed: false }, { onSuccess: () => toast.success('Task reopened', { description: title }) }),
              },
            }),
        },
      ),
  }
}
