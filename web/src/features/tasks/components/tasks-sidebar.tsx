import { FileArchive, FunnelSimple, type Icon, Plus } from '@phosphor-icons/react'
import { type ReactNode, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { whenSettled } from '@/lib/when-settled'
import { accessibleTasksQueryOptions } from '../api/get-accessible-tasks'
import { sidebarOrder, useProjects } from '../api/get-projects'
import { smartFilterTasksQueryOptions } from '../api/get-smart-filter-tasks'
import { useSmartFilters } from '../api/get-smart-filters'
import { readFilterData } from '../smart-filters/engine'
import { useSmartFilterDialogStore } from '../stores/smart-filter-dialog-store'
import { useMoveTasks } from '../api/move-tasks'
import { moveId, useReorderProjects } from '../api/reorder-projects'
import { useTaskZone } from '../api/task-preferences'
import { useProjectDialogStore } from '../stores/project-dialog-store'
import type { Project, Task, ViewId } from '../types'
import { VIEWS, countByProject, countViews } from '../utils/views'
import { ProjectIcon } from './project-icon'
import { Count, ProjectRow, type ProjectRowProps, rowClass } from './project-row'
import { useTaskDropTarget } from './task-drag'
import { VIEW_ICONS, filterIcon } from './view-icons'

type Props = { onNavigate?: (() => void) | undefined }

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-0.5" aria-label={title}>
      <div className="flex h-8 items-center justify-between pt-2 pr-1 pl-2.5">
        <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}

/** Runs run once the next frame is painted and the page is idle (at most a second later). Returns a cancel. */
function afterPaint(run: () => void): () => void {
  let idle: number | undefined
  let task: number | undefined
  const frame = requestAnimationFrame(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 1000 })
    else task = window.setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (idle !== undefined) window.cancelIdleCallback(idle)
    window.clearTimeout(task)
  }
}

/**
 * The accessible tasks for the counts, handed over after the frame that
 * shows the screen's rows (afterPaint), in a transition. The query is
 * observed (fetched, refetched) without rendering the sidebar on its
 * changes: the data's own render (2,000 tasks in a big project) holds the
 * screen's rows alone, and the sidebar follows in a render of its own.
 */
function usePaintedTasks(userId: string): Task[] | undefined {
  const queryClient = useQueryClient()
  useQuery({ ...accessibleTasksQueryOptions(userId), notifyOnChangeProps: [] })
  const [painted, setPainted] = useState(() => queryClient.getQueryData(accessibleTasksQueryOptions(userId).queryKey))
  const handed = useRef(painted)
  useEffect(() => {
    const key = accessibleTasksQueryOptions(userId).queryKey
    let cancel = () => {}
    const check = () => {
      const data = queryClient.getQueryData(key)
      if (data === handed.current) return
      handed.current = data
      cancel()
      cancel = afterPaint(() => startTransition(() => setPainted(() => data)))
    }
    check()
    const unsubscribe = queryClient.getQueryCache().subscribe(check)
    return () => {
      unsubscribe()
      cancel()
    }
  }, [queryClient, userId])
  return painted
}

function useIsActive() {
  const { pathname, search } = useLocation()
  const view = new URLSearchParams(search).get('view') ?? 'all'
  return {
    view: (id: ViewId) => pathname === '/app/tasks' && view === id,
    path: (to: string) => pathname === to,
  }
}

/** A view row that takes dropped tasks when onDropTasks is given (the Inbox). */
function ViewRow({
  to,
  label,
  icon: IconComponent,
  active,
  count,
  onNavigate,
  onDropTasks,
}: {
  to: string
  label: string
  icon: Icon
  active: boolean
  count?: number
  onNavigate?: (() => void) | undefined
  onDropTasks?: (ids: string[]) => void
}) {
  const drop = useTaskDropTarget((ids) => onDropTasks?.(ids))
  return (
    <Link
      to={to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(rowClass, active && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground', drop.over && 'ring-2 ring-primary')}
      {...(onDropTasks ? drop.handlers : {})}
    >
      <IconComponent size={18} weight="duotone" aria-hidden />
      <span className="truncate">{label}</span>
      <Count n={count} />
    </Link>
  )
}

function FavoritesGrid({ projects, onNavigate }: { projects: readonly Project[]; onNavigate?: (() => void) | undefined }) {
  return (
    <section aria-label="Favorites" className="px-1 pb-1">
      <ul className="grid grid-cols-5 gap-1">
        {projects.map((p) => (
          <li key={p.id} className="list-none">
            <Link
              to={`/app/tasks/project/${p.id}`}
              onClick={onNavigate}
              aria-label={p.name}
              title={p.name}
              className="flex aspect-square items-center justify-center rounded-lg border border-sidebar-border bg-background/60 outline-none hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ProjectIcon name={p.icon_name} weight={p.icon_weight} color={p.color} size={20} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function ProjectsSkeleton() {
  return (
    <div className="grid gap-1 px-2.5 py-1" aria-hidden>
      {[60, 45, 70].map((w) => (
        <Skeleton key={w} className="h-7" style={{ width: `${w}%` }} />
      ))}
    </div>
  )
}

function StaticProjects({ rows, onLeave }: { rows: Omit<ProjectRowProps, 'sortable'>[]; onLeave: (list: HTMLElement | null) => void }) {
  const list = useRef<HTMLUListElement>(null)
  // Runs while these rows are still in the document, in the commit that swaps them out.
  useLayoutEffect(() => {
    const el = list.current
    return () => onLeave(el)
  }, [onLeave])
  return (
    <ul ref={list} className="grid gap-0.5" aria-label="Projects">
      {rows.map((r) => (
        <ProjectRow key={r.project.id} {...r} />
      ))}
    </ul>
  )
}

const loadSortable = () => import('./sortable-projects')
type Sortable = Awaited<ReturnType<typeof loadSortable>>['default']

/**
 * Dragging projects needs dnd-kit; its code loads when the pointer or the
 * focus first reaches the list, or once the page is idle, whichever is
 * first: the sidebar's first paint does not wait for it.
 */
function useSortableProjects(): { Component: Sortable | null; load: () => void; leave: (list: HTMLElement | null) => void } {
  const [Component, setComponent] = useState<Sortable | null>(null)
  // The rows are drawn anew inside dnd-kit's context: the focus goes back
  // where it was when the old rows left (not when the module arrived: the
  // focus can move between the two).
  const focused = useRef<{ id: string; menu: boolean } | null>(null)
  const leave = useCallback((list: HTMLElement | null) => {
    const el = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const row = el && list?.contains(el) ? el.closest<HTMLElement>('[data-project-id]') : null
    focused.current = row?.dataset.projectId ? { id: row.dataset.projectId, menu: el?.tagName === 'BUTTON' } : null
  }, [])
  // Not while tasks are dragged in the browser's own drag and drop: rows
  // drawn anew under the pointer have had no dragover, and the drop on
  // them would be lost. The swap waits for the drop (or the drag's end:
  // a dragged row that left the list sends no dragend to the window).
  const dragging = useRef(false)
  const waiting = useRef<Sortable | null>(null)
  useEffect(() => {
    const start = () => (dragging.current = true)
    const end = () => {
      dragging.current = false
      const m = waiting.current
      waiting.current = null
      if (m) setComponent(() => m)
    }
    window.addEventListener('dragstart', start, true)
    window.addEventListener('drop', end)
    window.addEventListener('dragend', end, true)
    return () => {
      window.removeEventListener('dragstart', start, true)
      window.removeEventListener('drop', end)
      window.removeEventListener('dragend', end, true)
    }
  }, [])
  const swap = (m: { default: Sortable }) => {
    if (dragging.current) waiting.current = m.default
    else setComponent(() => m.default)
  }
  const load = () => {
    if (!Component) void loadSortable().then(swap)
  }
  const queryClient = useQueryClient()
  useEffect(() => whenSettled(queryClient, () => void loadSortable().then(swap), 4000), [queryClient])
  useLayoutEffect(() => {
    const f = focused.current
    if (!Component || !f) return
    focused.current = null
    document.querySelector<HTMLElement>(`[data-project-id="${f.id}"] ${f.menu ? 'button' : 'a'}`)?.focus()
  }, [Component])
  return { Component, load, leave }
}

/**
 * The task module's sidebar (001 §2): favorites (five to a row), Inbox,
 * the smart filters with All, and the projects with their menu (edit,
 * share, favorite, duplicate, archive, delete). Owned projects reorder by
 * drag or Alt+Arrow; tasks dropped on a project or the Inbox move there.
 */
export default function TasksSidebar({ onNavigate }: Props) {
  const user = useRequiredUser()
  const projects = useProjects(user.id)
  const filters = useSmartFilters(user.id)
  const openFilterDialog = useSmartFilterDialogStore((s) => s.open)
  const { zone } = useTaskZone(user.id)
  const isActive = useIsActive()
  const openDialog = useProjectDialogStore((s) => s.open)
  const move = useMoveTasks(user.id)
  const { reorder } = useReorderProjects(user.id)
  const sortable = useSortableProjects()

  const live = useMemo(() => sidebarOrder((projects.data ?? []).filter((p) => !p.is_archived)), [projects.data])
  const archived = useMemo(() => (projects.data ?? []).filter((p) => p.is_archived), [projects.data])
  const owned = live.filter((p) => p.is_owner)
  const favorites = live.filter((p) => p.is_favorite)
  const hidden = useMemo(() => new Set(archived.map((p) => p.id)), [archived])
  // The counts go over every task (2,000 in a big project): they follow the
  // list in a render of their own, after the frame that shows the screen's
  // rows (a deferred value's render could still come before that paint).
  const counted = usePaintedTasks(user.id)
  const viewCounts = useMemo(
    () => countViews(counted ?? [], { zone, now: new Date(), userId: user.id, hiddenProjects: hidden }),
    [counted, zone, user.id, hidden],
  )
  const projectCounts = useMemo(() => countByProject(counted ?? []), [counted])

  const systemFilters = new Map((filters.data ?? []).filter((f) => f.system_key).map((f) => [f.system_key, f]))
  const builtIns = VIEWS.filter((v) => {
    if (v.id === 'inbox' || v.id === 'assigned') return false
    const row = systemFilters.get(v.systemKey)
    if (!filters.data) return true
    if (!row || !row.is_enabled) return false
    return !(row.hide_when_empty && viewCounts[v.id] === 0)
  })
  // A custom filter marked hide_when_empty asks for its own tasks (the same
  // query, and cache, as its screen) and hides once it is known to find
  // none; the one on screen stays, so the user is never left on a row that vanished.
  const enabledCustom = (filters.data ?? []).filter((f) => !f.system_key && f.is_enabled)
  const hideable = enabledCustom.filter((f) => f.hide_when_empty)
  const emptiness = useQueries({
    queries: hideable.map((f) => smartFilterTasksQueryOptions(user.id, f.id, readFilterData(f.filters_data), zone, f.sort_option)),
    combine: (results) => new Set(hideable.filter((_, i) => results[i]?.data?.length === 0).map((f) => f.id)),
  })
  const custom = enabledCustom.filter(
    (f) => !emptiness.has(f.id) || isActive.path(`/app/tasks/smart-filter/${f.id}`),
  )

  const moveProject = (project: Project, by: -1 | 1) => {
    const ids = owned.map((p) => p.id)
    const from = ids.indexOf(project.id)
    const to = from + by
    if (from < 0 || to < 0 || to >= ids.length) return
    const next = moveId(ids, from, to)
    if (!reorder(next.map((id) => owned.find((p) => p.id === id)).filter((p): p is Project => !!p))) return
    // Keep the keyboard on the moved project once the list has re-rendered.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-project-id="${project.id}"] a`)?.focus(),
    )
  }

  const onReorder = (fromId: string, toId: string) => {
    const ids = owned.map((p) => p.id)
    const next = moveId(ids, ids.indexOf(fromId), ids.indexOf(toId))
    reorder(next.map((id) => owned.find((p) => p.id === id)).filter((p): p is Project => !!p))
  }

  const dropOn = (project: Project | null) => (ids: string[]) => move.mutate({ ids, project })
  const rows: Omit<ProjectRowProps, 'sortable'>[] = live.map((p) => ({
    project: p,
    count: projectCounts.get(p.id),
    active: isActive.path(`/app/tasks/project/${p.id}`),
    movable: p.is_owner,
    onNavigate,
    onMove: moveProject,
    onDropTasks: (ids, project) => dropOn(project)(ids),
  }))

  return (
    <nav aria-label="Tasks" className="grid gap-1">
      <p className="px-2.5 pt-1 pb-1 text-sm font-semibold">Tasks</p>
      {favorites.length ? <FavoritesGrid projects={favorites} onNavigate={onNavigate} /> : null}
      <ViewRow
        to="/app/tasks?view=inbox"
        label="Inbox"
        icon={VIEW_ICONS.inbox}
        active={isActive.view('inbox')}
        count={viewCounts.inbox}
        onNavigate={onNavigate}
        onDropTasks={dropOn(null)}
      />
      {viewCounts.assigned || isActive.view('assigned') ? (
        <ViewRow
          to="/app/tasks?view=assigned"
          label="Assigned to me"
          icon={VIEW_ICONS.assigned}
          active={isActive.view('assigned')}
          count={viewCounts.assigned}
          onNavigate={onNavigate}
        />
      ) : null}
      <Section
        title="Smart filters"
        action={
          <Button variant="ghost" size="icon-sm" className="size-7" aria-label="Add smart filter" onClick={() => openFilterDialog({ kind: 'create' })}>
            <Plus size={16} aria-hidden />
          </Button>
        }
      >
        {builtIns.map((v) => (
          <ViewRow
            key={v.id}
            to={v.path}
            label={v.label}
            icon={VIEW_ICONS[v.id]}
            active={isActive.view(v.id)}
            count={v.id === 'logbook' ? undefined : viewCounts[v.id]}
            onNavigate={onNavigate}
          />
        ))}
        {custom.map((f) => (
          <ViewRow
            key={f.id}
            to={`/app/tasks/smart-filter/${f.id}`}
            label={f.name}
            icon={filterIcon(f.icon_name)}
            active={isActive.path(`/app/tasks/smart-filter/${f.id}`)}
            onNavigate={onNavigate}
          />
        ))}
        <ViewRow to="/app/settings#smart-filters" label="Manage filters" icon={FunnelSimple} active={false} onNavigate={onNavigate} />
      </Section>
      <Section
        title="Projects"
        action={
          <Button variant="ghost" size="icon-sm" className="size-7" aria-label="Add project" onClick={() => openDialog({ kind: 'create' })}>
            <Plus size={16} aria-hidden />
          </Button>
        }
      >
        {projects.isPending ? (
          <ProjectsSkeleton />
        ) : live.length === 0 ? (
          <p className="px-2.5 py-1 text-xs text-muted-foreground">No projects yet. Add one to group your tasks.</p>
        ) : (
          <div onPointerEnter={sortable.load} onFocus={sortable.load}>
            {sortable.Component ? (
              <sortable.Component rows={rows} onReorder={onReorder} />
            ) : (
              <StaticProjects rows={rows} onLeave={sortable.leave} />
            )}
          </div>
        )}
        {archived.length ? (
          <button type="button" className={cn(rowClass, 'text-muted-foreground')} onClick={() => openDialog({ kind: 'archived' })}>
            <FileArchive size={18} weight="duotone" aria-hidden />
            <span className="truncate">Archived projects</span>
            <Count n={archived.length} />
          </button>
        ) : null}
      </Section>
    </nav>
  )
}
