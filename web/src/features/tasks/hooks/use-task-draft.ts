import { useCallback, useEffect, useRef, useState } from 'react'
import type { Task } from '../types'
import { type Draft, changesOf, draftOf } from '../utils/draft'

/** The pane saves this long after the last change (001 §4, §9: 1 s). */
export const AUTOSAVE_MS = 1000

type Options = {
  /** Save on its own 1 s after a change (the pane); the modal saves on "Save changes". */
  autosave: boolean
  save: (task: Task, changes: Partial<Draft>) => void
}

/**
 * The edit form of one task. The draft follows the server's copy while the
 * user has not changed anything; once they have, their text wins until it
 * is saved. Switching to another task (or closing) saves what is pending.
 */
export function useTaskDraft(task: Task, { autosave, save }: Options) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(task))
  const base = useRef<Draft>(draftOf(task))
  const current = useRef({ task, draft })
  current.current = { task, draft }
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const saveRef = useRef(save)
  saveRef.current = save

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const { task: t, draft: d } = current.current
    const changes = changesOf(base.current, d)
    if (Object.keys(changes).length === 0) return false
    base.current = { ...base.current, ...changes }
    saveRef.current(t, changes)
    return true
  }, [])

  // Another task: save the last one's pending edit, then start from the new one.
  const taskId = task.id
  useEffect(() => {
    base.current = draftOf(current.current.task)
    setDraft(draftOf(current.current.task))
    return () => {
      flush()
    }
  }, [taskId, flush])

  // The server's copy changed (a refetch, another device): follow it unless the user is editing.
  useEffect(() => {
    const fresh = draftOf(task)
    const dirty = Object.keys(changesOf(base.current, current.current.draft)).length > 0
    base.current = fresh
    if (!dirty) setDraft(fresh)
  }, [task])

  const change = useCallback(
    (patch: Partial<Draft>) => {
      setDraft((d) => ({ ...d, ...patch }))
      if (!autosave) return
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(flush, AUTOSAVE_MS)
    },
    [autosave, flush],
  )

  const reset = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    base.current = draftOf(current.current.task)
    setDraft(draftOf(current.current.task))
  }, [])

  return { draft, change, flush, reset, dirty: Object.keys(changesOf(base.current, draft)).length > 0 }
}
