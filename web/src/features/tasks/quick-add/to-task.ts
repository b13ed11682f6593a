import type { NewTaskFields } from '../api/create-task'
import type { Project } from '../types'
import { instantOf, type IsoDay } from '../utils/dates'
import { serializeRecurrence } from '../utils/recurrence'
import { formatTags } from '../utils/tags'
import { firstOccurrence, type ParseResult } from './parse'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A project named case-insensitively (001 §5 "Quick add project"), live and not archived. */
export function findProject(projects: readonly Project[], name: string | null | undefined): Project | null {
  const key = name?.trim().toLowerCase()
  if (!key) return null
  return projects.find((p) => !p.is_archived && p.name.trim().toLowerCase() === key) ?? null
}

/**
 * The default project (001 §9): the `tasks.defaultProject` preference (an
 * id by UUID pattern, else a name, 001 §5), else the project route's.
 */
export function defaultProject(projects: readonly Project[], preference: unknown, routeProjectId: string | undefined): Project | null {
  if (typeof preference === 'string' && preference.trim()) {
    const pref = preference.trim()
    const found = UUID.test(pref) ? projects.find((p) => p.id === pref && !p.is_archived) : findProject(projects, pref)
    if (found) return found
  }
  return routeProjectId ? (projects.find((p) => p.id === routeProjectId && !p.is_archived) ?? null) : null
}

/**
 * The save step: parsed parts to the row's fields (001 §7's quick-add
 * payload). Priority P1–P4 is stored 5 − n (docs/decisions.md, "One
 * priority scale"); none written stays 0. A time is the instant of that
 * wall-clock time on its day in the user's zone. A recurring task written
 * without a date starts on its first occurrence.
 */
export function toNewTask(parsed: ParseResult, project: Project | null, zone: string, today: IsoDay): NewTaskFields & { title: string } {
  const dueDate = parsed.dueDate ?? (parsed.recurrence ? firstOccurrence(parsed.recurrence, today) : null)
  return {
    title: parsed.title,
    priority: parsed.priority === null ? 0 : 5 - parsed.priority,
    due_date: dueDate,
    due_time: dueDate && parsed.dueTime ? instantOf(dueDate, parsed.dueTime, zone) : null,
    tags: formatTags(parsed.labels),
    project_id: project?.id ?? null,
    list: project?.name ?? null,
    recurrence: serializeRecurrence(parsed.recurrence),
  }
}
