import type { QueryClient } from '@tanstack/react-query'
import type { Task } from '../types'
import { taskKeys } from './keys'

/**
 * Optimistic changes to the cached task lists (001 §4: every update is
 * applied at once and rolled back on error). A change touches the task
 * screens' list, the Logbook and the task's own entry; a task that becomes
 * open or completed moves between the first two so the views follow.
 */
export type TaskSnapshot = {
  accessible: Task[] | undefined
  logbook: Task[] | undefined
  details: [readonly unknown[], Task | null | undefined][]
}

export async function pauseTaskQueries(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: taskKeys.all })
}

export function snapshotTasks(queryClient: QueryClient, userId: string): TaskSnapshot {
  return {
    accessible: queryClient.getQueryData<Task[]>(taskKeys.accessible(userId)),
    logbook: queryClient.getQueryData<Task[]>(taskKeys.logbook(userId)),
    details: queryClient.getQueriesData<Task | null>({ queryKey: taskKeys.details() }),
  }
}

export function restoreTasks(queryClient: QueryClient, userId: string, snap: TaskSnapshot): void {
  queryClient.setQueryData(taskKeys.accessible(userId), snap.accessible)
  queryClient.setQueryData(taskKeys.logbook(userId), snap.logbook)
  for (const [key, data] of snap.details) queryClient.setQueryData(key, data)
}

/** Applies a patch per task id to every cached copy. */
export function patchTasks(queryClient: QueryClient, userId: string, patches: ReadonlyMap<string, Partial<Task>>): void {
  if (patches.size === 0) return
  const seen = new Map<string, Task>()
  const apply = (list: Task[] | undefined) =>
    list?.map((t) => {
      const p = patches.get(t.id)
      if (!p) return t
      const next = { ...t, ...p }
      seen.set(t.id, next)
      return next
    })
  const accessible = apply(queryClient.getQueryData<Task[]>(taskKeys.accessible(userId)))
  const logbook = apply(queryClient.getQueryData<Task[]>(taskKeys.logbook(userId)))
  for (const [id, p] of patches) {
    const detail = queryClient.getQueryData<Task | null>(taskKeys.detail(id))
    if (detail) {
      const next = { ...detail, ...p }
      seen.set(id, next)
      queryClient.setQueryData(taskKeys.detail(id), next)
    }
  }
  // A task reopened in the Logbook joins the open list, one completed there joins the Logbook.
  const withMoved = (list: Task[] | undefined, wants: (t: Task) => boolean) => {
    if (!list) return list
    const ids = new Set(list.map((t) => t.id))
    const moved = [...seen.values()].filter((t) => !ids.has(t.id) && wants(t))
    return moved.length ? [...moved, ...list] : list
  }
  if (accessible) queryClient.setQueryData(taskKeys.accessible(userId), withMoved(accessible, (t) => !t.is_completed || t.parent_id !== null))
  if (logbook) queryClient.setQueryData(taskKeys.logbook(userId), withMoved(logbook, (t) => t.is_completed && t.parent_id === null))
}

export function insertTask(queryClient: QueryClient, userId: string, task: Task): void {
  queryClient.setQueryData<Task[]>(taskKeys.accessible(userId), (list) => (list ? [...list, task] : list))
}

/** Replaces a temporary task by the row the server made. */
export function replaceTask(queryClient: QueryClient, userId: string, tempId: string, task: Task): void {
  queryClient.setQueryData<Task[]>(taskKeys.accessible(userId), (list) => list?.map((t) => (t.id === tempId ? task : t)))
}

export function removeTask(queryClient: QueryClient, userId: string, id: string): void {
  queryClient.setQueryData<Task[]>(taskKeys.accessible(userId), (list) => list?.filter((t) => t.id !== id))
}

/** Every cached list refetches (the server made or changed rows: a next occurrence, a copy). */
export function refreshTasks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: taskKeys.all })
}

/** A task from the cache by id (open list, Logbook or its own entry). */
export function findTask(queryClient: QueryClient, userId: string, id: string): Task | undefined {
  return (
    queryClient.getQueryData<Task[]>(taskKeys.accessible(userId))?.find((t) => t.id === id) ??
    queryClient.getQueryData<Task[]>(taskKeys.logbook(userId))?.find((t) => t.id === id) ??
    queryClient.getQueryData<Task | null>(taskKeys.detail(id)) ??
    undefined
  )
}
