import type { Task } from '../types'

/**
 * The Eisenhower matrix (001 §2 /app/matrix; docs/decisions.md "Matrix
 * thresholds"): importance and urgency run 0 none … 3 high; a task is
 * important, or urgent, at Medium (2) or above.
 */
export const THRESHOLD = 2

export type QuadrantId = 'do' | 'schedule' | 'delegate' | 'eliminate'

export const QUADRANTS: readonly { id: QuadrantId; title: string; hint: string; important: boolean; urgent: boolean }[] = [
  { id: 'do', title: 'Do first', hint: 'Important and urgent', important: true, urgent: true },
  { id: 'schedule', title: 'Schedule', hint: 'Important, not urgent', important: true, urgent: false },
  { id: 'delegate', title: 'Delegate', hint: 'Urgent, not important', important: false, urgent: true },
  { id: 'eliminate', title: 'Eliminate', hint: 'Neither important nor urgent', important: false, urgent: false },
]

export function quadrantOf(task: Pick<Task, 'importance' | 'urgency'>): QuadrantId {
  const important = (task.importance ?? 0) >= THRESHOLD
  const urgent = (task.urgency ?? 0) >= THRESHOLD
  return important ? (urgent ? 'do' : 'schedule') : urgent ? 'delegate' : 'eliminate'
}

/** A level moved to one side of the threshold: kept when already there, else High (3) or None (0). */
function toSide(level: number, above: boolean): number {
  if (above) return level >= THRESHOLD ? level : 3
  return level < THRESHOLD ? level : 0
}

/** The importance and urgency a task gets when dropped on a quadrant. */
export function levelsFor(task: Pick<Task, 'importance' | 'urgency'>, target: QuadrantId): { importance: number; urgency: number } {
  const q = QUADRANTS.find((x) => x.id === target) ?? QUADRANTS[3]!
  return { importance: toSide(task.importance ?? 0, q.important), urgency: toSide(task.urgency ?? 0, q.urgent) }
}

/** Open top-level tasks of the user, by quadrant. */
export function byQuadrant(tasks: readonly Task[], userId: string): Record<QuadrantId, Task[]> {
  const out: Record<QuadrantId, Task[]> = { do: [], schedule: [], delegate: [], eliminate: [] }
  for (const t of tasks) {
    if (t.is_completed || t.is_deleted || t.parent_id || t.user_id !== userId) continue
    out[quadrantOf(t)].push(t)
  }
  return out
}
