import type { Task, ViewId } from '../types'
import { type IsoDay, addDays, dayHeading, dayIn, taskDay, todayIn, upcomingDays } from './dates'

/**
 * The registry of built-in task views (001 §2, §3): what each shows, in
 * which order and sections, what a task added in it gets, and what its
 * empty state says. The tasks screen, the sidebar, the counts and the
 * command palette (next issue) read this one table; a smart filter engine
 * plugs in as another kind of scope, not as a special case here.
 */

export type ViewContext = {
  /** The user's time zone (the `timezone` preference, else the browser's). */
  zone: string
  now: Date
  userId: string
  /** Projects whose tasks leave the views (archived). */
  hiddenProjects: ReadonlySet<string>
  /** Tasks completed a moment ago: still listed, checked, until they leave (stores/linger-store.ts). */
  lingering?: ReadonlySet<string>
  locale?: string
}

export type Section = {
  key: string
  /** Null: the view's single, unnamed section. */
  title: string | null
  /** The day a task added in the section is due (Upcoming, Today). */
  day?: IsoDay
  tasks: Task[]
}

export type ViewDef = {
  id: ViewId
  label: string
  /** The URL of the view (001 §2: ?view=). */
  path: string
  /** ensure_default_smart_lists' system_key of the same view. */
  systemKey: ViewId
  emptyTitle: string
  emptyText: string
  /** The tasks it counts and shows, before sections. */
  includes: (task: Task, ctx: ViewContext, today: IsoDay) => boolean
  /** Its sections, each sorted. */
  sections: (tasks: Task[], ctx: ViewContext, today: IsoDay) => Section[]
  /** Whether tasks can be added in it (Logbook lists completed ones). */
  canAdd: boolean
}

/**
 * Code-unit order of two strings. The keys sorted here are ISO timestamps,
 * 'yyyy-MM-dd' days and uuids, whose code-unit order is their order;
 * localeCompare (ICU collation) cost a 2,000-task list tens of ms a sort.
 */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Manual order: sort_order, then creation (a duplicate sits below its original). */
export function byManualOrder(a: Task, b: Task): number {
  return a.sort_order - b.sort_order || cmp(a.created_at, b.created_at) || cmp(a.id, b.id)
}

/** Within a day: timed tasks by time first, then by priority (higher first), then manual order. */
export function byDueThenPriority(a: Task, b: Task): number {
  const at = a.due_time ? new Date(a.due_time).getTime() : Number.POSITIVE_INFINITY
  const bt = b.due_time ? new Date(b.due_time).getTime() : Number.POSITIVE_INFINITY
  if (at !== bt) return at < bt ? -1 : 1
  return b.priority - a.priority || byManualOrder(a, b)
}

/** Across days: earliest day first, then as within a day. */
export function byDayThenPriority(zone: string) {
  return (a: Task, b: Task): number => {
    const ad = taskDay(a, zone) ?? '9999-12-31'
    const bd = taskDay(b, zone) ?? '9999-12-31'
    return cmp(ad, bd) || byDueThenPriority(a, b)
  }
}

/** Logbook: newest completion first. */
export function byCompletedDesc(a: Task, b: Task): number {
  return cmp(b.completed_at ?? '', a.completed_at ?? '') || byManualOrder(a, b)
}

let lastWeek: { today: IsoDay; end: IsoDay } | null = null

/** The last day of the week ahead: asked once per task by the Upcoming view and the sidebar's counts. */
function weekEnd(today: IsoDay): IsoDay {
  if (lastWeek?.today !== today) lastWeek = { today, end: addDays(today, 6) }
  return lastWeek.end
}

/** Open, top-level, not deleted, not in an archived project. */
export function isListed(task: Task, ctx: ViewContext): boolean {
  return !task.is_deleted && task.parent_id === null && !(task.project_id && ctx.hiddenProjects.has(task.project_id))
}

const open = (t: Task, ctx: ViewContext) => isListed(t, ctx) && (!t.is_completed || !!ctx.lingering?.has(t.id))
const single = (tasks: Task[], sort: (a: Task, b: Task) => number): Section[] => [
  { key: 'all', title: null, tasks: [...tasks].sort(sort) },
]

export const VIEWS: readonly ViewDef[] = [
  {
    id: 'inbox',
    label: 'Inbox',
    path: '/app/tasks?view=inbox',
    systemKey: 'inbox',
    emptyTitle: 'Your inbox is clear',
    emptyText: 'Tasks without a project land here. Press A to add one.',
    includes: (t, ctx) => open(t, ctx) && t.project_id === null && t.user_id === ctx.userId,
    sections: (tasks) => single(tasks, byManualOrder),
    canAdd: true,
  },
  {
    // Issue 21: open tasks a teammate (or you) assigned to you, whoever owns
    // them. No system smart filter backs it (systemKey names none), so the
    // sidebar lists it apart from the filters.
    id: 'assigned',
    label: 'Assigned to me',
    path: '/app/tasks?view=assigned',
    systemKey: 'assigned',
    emptyTitle: 'Nothing assigned to you',
    emptyText: 'Tasks a teammate assigns to you show here, soonest due first.',
    includes: (t, ctx) => open(t, ctx) && t.assigned_to === ctx.userId,
    sections: (tasks, ctx) => single(tasks, byDayThenPriority(ctx.zone)),
    canAdd: false,
  },
  {
    id: 'today',
    label: 'Today',
    path: '/app/tasks?view=today',
    systemKey: 'today',
    emptyTitle: 'Nothing due today',
    emptyText: 'Enjoy the day, or press A to plan something for it.',
    includes: (t, ctx, today) => {
      if (!open(t, ctx)) return false
      const day = taskDay(t, ctx.zone)
      return day !== null && day <= today
    },
    sections: (tasks, ctx, today) => {
      const overdue = tasks.filter((t) => (taskDay(t, ctx.zone) ?? today) < today).sort(byDayThenPriority(ctx.zone))
      const due = tasks.filter((t) => taskDay(t, ctx.zone) === today).sort(byDueThenPriority)
      const sections: Section[] = []
      if (overdue.length) sections.push({ key: 'overdue', title: 'Overdue', tasks: overdue })
      sections.push({ key: today, title: dayHeading(today, today, ctx.locale), day: today, tasks: due })
      return sections
    },
    canAdd: true,
  },
  {
    id: 'upcoming',
    label: 'Upcoming',
    path: '/app/tasks?view=upcoming',
    systemKey: 'upcoming',
    emptyTitle: 'Nothing in the next 7 days',
    emptyText: 'Tasks due in the coming week show here, day by day.',
    includes: (t, ctx, today) => {
      if (!open(t, ctx)) return false
      const day = taskDay(t, ctx.zone)
      return day !== null && day >= today && day <= weekEnd(today)
    },
    sections: (tasks, ctx, today) =>
      upcomingDays(today).map((day) => ({
        key: day,
        title: dayHeading(day, today, ctx.locale),
        day,
        tasks: tasks.filter((t) => taskDay(t, ctx.zone) === day).sort(byDueThenPriority),
      })),
    canAdd: true,
  },
  {
    id: 'anytime',
    label: 'Anytime',
    path: '/app/tasks?view=anytime',
    systemKey: 'anytime',
    emptyTitle: 'No undated tasks',
    emptyText: 'Open tasks without a due date show here.',
    includes: (t, ctx) => open(t, ctx) && taskDay(t, ctx.zone) === null,
    sections: (tasks) => single(tasks, byManualOrder),
    canAdd: true,
  },
  {
    id: 'someday',
    label: 'Someday',
    path: '/app/tasks?view=someday',
    systemKey: 'someday',
    emptyTitle: 'Nothing for someday',
    emptyText: 'Open tasks with neither a due date nor a priority show here.',
    includes: (t, ctx) => open(t, ctx) && taskDay(t, ctx.zone) === null && t.priority === 0,
    sections: (tasks) => single(tasks, byManualOrder),
    canAdd: true,
  },
  {
    id: 'logbook',
    label: 'Logbook',
    path: '/app/tasks?view=logbook',
    systemKey: 'logbook',
    emptyTitle: 'No completed tasks yet',
    emptyText: 'Tasks you complete are kept here, newest first.',
    includes: (t, ctx) => isListed(t, ctx) && t.is_completed,
    sections: (tasks, ctx, today) => {
      const sorted = [...tasks].sort(byCompletedDesc)
      const sections: Section[] = []
      for (const t of sorted) {
        const day = t.completed_at ? dayIn(ctx.zone, t.completed_at) : today
        const last = sections[sections.length - 1]
        if (last && last.key === day) last.tasks.push(t)
        else sections.push({ key: day, title: dayHeading(day, today, ctx.locale), tasks: [t] })
      }
      return sections
    },
    canAdd: false,
  },
  {
    id: 'all',
    label: 'All',
    path: '/app/tasks?view=all',
    systemKey: 'all',
    emptyTitle: 'No open tasks',
    emptyText: 'Press A to add a task, or Q to add one from anywhere.',
    includes: (t, ctx) => open(t, ctx),
    sections: (tasks) => single(tasks, byManualOrder),
    canAdd: true,
  },
]

export const DEFAULT_VIEW: ViewId = 'all'

export function viewDef(id: ViewId): ViewDef {
  return VIEWS.find((v) => v.id === id) ?? (VIEWS[VIEWS.length - 1] as ViewDef)
}

/** The view a ?view= value names; the default for anything else (001 §2). */
export function parseViewId(value: string | null): ViewId {
  const v = (value ?? '').toLowerCase()
  return VIEWS.some((d) => d.id === v) ? (v as ViewId) : DEFAULT_VIEW
}

/** A view's sections for these tasks. */
export function buildView(def: ViewDef, tasks: readonly Task[], ctx: ViewContext): Section[] {
  const today = todayIn(ctx.zone, ctx.now)
  return def.sections(
    tasks.filter((t) => def.includes(t, ctx, today)),
    ctx,
    today,
  )
}

/** How many tasks each view shows (the sidebar's counts). */
export function countViews(tasks: readonly Task[], ctx: ViewContext): Record<ViewId, number> {
  const today = todayIn(ctx.zone, ctx.now)
  const counts = Object.fromEntries(VIEWS.map((v) => [v.id, 0])) as Record<ViewId, number>
  for (const t of tasks) for (const v of VIEWS) if (v.includes(t, ctx, today)) counts[v.id] += 1
  return counts
}

/** A project's open top-level tasks (and those completed a moment ago) in manual order. */
export function projectSection(tasks: readonly Task[], projectId: string, lingering?: ReadonlySet<string>): Section[] {
  return single(
    tasks.filter(
      (t) => t.project_id === projectId && t.parent_id === null && !t.is_deleted && (!t.is_completed || !!lingering?.has(t.id)),
    ),
    byManualOrder,
  )
}

/** Open top-level tasks per project (the sidebar's counts). */
export function countByProject(tasks: readonly Task[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const t of tasks) {
    if (t.project_id && t.parent_id === null && !t.is_deleted && !t.is_completed) {
      counts.set(t.project_id, (counts.get(t.project_id) ?? 0) + 1)
    }
  }
  return counts
}

/** Subtask progress of every parent: done and total live subtasks. */
export function subtaskProgress(tasks: readonly Task[]): Map<string, { done: number; total: number }> {
  const progress = new Map<string, { done: number; total: number }>()
  for (const t of tasks) {
    if (!t.parent_id || t.is_deleted) continue
    const p = progress.get(t.parent_id) ?? { done: 0, total: 0 }
    p.total += 1
    if (t.is_completed) p.done += 1
    progress.set(t.parent_id, p)
  }
  return progress
}

/** The fields a task added in a section gets: the section's day, the project of a project screen. */
export function addDefaults(
  scope: { kind: 'view'; view: ViewId } | { kind: 'project'; projectId: string } | { kind: 'filter' },
  section: Pick<Section, 'day'> | undefined,
  today: IsoDay,
): { due_date?: IsoDay; project_id?: string } {
  if (scope.kind === 'project') return { project_id: scope.projectId }
  if (scope.kind === 'view' && scope.view === 'today') return { due_date: today }
  if (section?.day) return { due_date: section.day }
  return {}
}
