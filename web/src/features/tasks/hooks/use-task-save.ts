import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { projectFields } from '../api/move-tasks'
import { findProject } from '../api/project-cache'
import { useUpdateTask } from '../api/update-task'
import type { Task } from '../types'
import type { Draft } from '../utils/draft'

/**
 * Saving the edit form: one optimistic update of the changed fields (the
 * project's name and look go into the optimistic copy when the project
 * changes), and when it was last saved, for 'Auto-saved' (001 §4).
 */
export function useTaskSave(userId: string, timeZone: string | undefined) {
  const queryClient = useQueryClient()
  const [savedAt, setSavedAt] = useState<Date | null>(null)
  const { mutate, isPending, isError } = useUpdateTask(userId, { timeZone, onSaved: () => setSavedAt(new Date()) })
  const save = useCallback(
    (task: Task, changes: Partial<Draft>) => {
      if (task.id.startsWith('temp-')) return
      let extra: Partial<Task> | undefined
      if ('project_id' in changes) {
        const project = changes.project_id ? (findProject(queryClient, userId, changes.project_id) ?? null) : null
        extra = projectFields(project)
        delete extra.project_id
      }
      mutate({ id: task.id, patch: changes, ...(extra ? { extra } : {}) })
    },
    [queryClient, userId, mutate],
  )
  return { save, savedAt, saving: isPending, failed: isError }
}
