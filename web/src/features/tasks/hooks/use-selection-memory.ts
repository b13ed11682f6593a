import { useEffect, useMemo, useRef } from 'react'
import { TASK_PREFERENCES, useSaveTaskPreference, useTaskPreference } from '../api/task-preferences'

export type OpenTask = (id: string | null, options?: { replace?: boolean }) => void

/**
 * Task selection memory (000 §4, 001 §4): the task in the pane is saved as
 * editingTaskId and lastSelectedTaskId; both come back on load. Leaving the
 * task routes unmounts the pane but keeps editingTaskId, so coming back
 * opens it again; closing the pane forgets it. A task that no longer exists
 * (deleted, or no longer shared) clears both and the ?edit= parameter.
 */
export function useSelectionMemory(userId: string, editId: string | null, openTask: OpenTask, exists: (id: string) => boolean | null) {
  const save = useSaveTaskPreference(userId)
  const editing = useTaskPreference(userId, TASK_PREFERENCES.editing)
  const selected = useTaskPreference(userId, TASK_PREFERENCES.selected)
  const restored = useRef(false)
  const saveRef = useRef(save.mutate)
  saveRef.current = save.mutate

  useEffect(() => {
    if (restored.current) return
    if (editId) {
      restored.current = true
      return
    }
    if (editing.isPending) return
    restored.current = true
    if (typeof editing.data === 'string' && editing.data) openTask(editing.data, { replace: true })
  }, [editId, editing.isPending, editing.data, openTask])

  useEffect(() => {
    if (!editId || editId.startsWith('temp-')) return
    if (editing.data !== editId) saveRef.current({ key: TASK_PREFERENCES.editing, value: editId })
    if (selected.data !== editId) saveRef.current({ key: TASK_PREFERENCES.selected, value: editId })
    // Only the id matters: the preferences' own answers must not save again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editId])

  const selectedId = typeof selected.data === 'string' ? selected.data : null
  const known = selectedId ? exists(selectedId) : null
  useEffect(() => {
    if (selectedId && known === false && selectedId !== editId) saveRef.current({ key: TASK_PREFERENCES.selected, value: null })
  }, [selectedId, known, editId])

  // Stable: the pane runs vanished from an effect.
  const actions = useMemo(
    () => ({
      /** The user closed the pane: forget the task in edit. */
      close: () => {
        saveRef.current({ key: TASK_PREFERENCES.editing, value: null })
        openTask(null)
      },
      /** The task in the pane is gone: forget it everywhere. */
      vanished: () => {
        saveRef.current({ key: TASK_PREFERENCES.editing, value: null })
        saveRef.current({ key: TASK_PREFERENCES.selected, value: null })
        openTask(null, { replace: true })
      },
    }),
    [openTask],
  )

  return {
    /** The task to bring into view: the one in the pane, else the last selected. */
    revealId: editId ?? (known ? selectedId : null),
    ...actions,
  }
}
