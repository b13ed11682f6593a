import { CheckSquare, FunnelSimple, type Icon, Kanban, ListBullets, Plus, SelectionAll, ShareNetwork } from '@phosphor-icons/react'
import { useQueryClient } from '@tanstack/react-query'
import { type MouseEvent, Suspense, lazy, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { LoadFailed } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import type { Command } from '@/lib/commands'
import { useRegisterCommands } from '@/lib/command-registry'
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query'
import { whenSettled } from '@/lib/when-settled'
import { useSetTaskCompleted, useSetTaskStarred } from '../api/complete-task'
import { newTempId, useCreateTaskOptimistic } from '../api/create-task'
import { useAccessibleTasks } from '../api/get-accessible-tasks'
import { useLogbook } from '../api/get-logbook'
import { useProjects } from '../api/get-projects'
import { useSmartFilters } from '../api/get-smart-filters'
import { useSmartFilterTasks } from '../api/get-smart-filter-tasks'
import { readFilterData } from '../smart-filters/engine'
import { SmartFilterDialogsHost } from './smart-filter-dialogs-host'
import { useTaskZone } from '../api/task-preferences'
import { type OpenTask, useSelectionMemory } from '../hooks/use-selection-memory'
import { useTasksRealtime } from '../hooks/use-tasks-realtime'
import { useAddTaskStore } from '../stores/add-task-store'
import { useLingerStore } from '../stores/linger-store'
import { useProjectDialogStore } from '../stores/project-dialog-store'
import { useSelectionStore } from '../stores/selection-store'
import type { BoardGrouping } from '../board/board'
import type { Project, TaskScope, ViewId } from '../types'
import { todayIn } from '../utils/dates'
import { gestureOf } from '../utils/selection'
import { type Section, type ViewDef, addDefaults, buildView, projectSection, subtaskProgress, viewDef } from '../utils/views'
import { ProjectIcon } from './project-icon'
import { ListSkeleton, TaskList } from './task-list'
import type { RowHandlers } from './task-row'
import { VIEW_ICONS, filterIcon } from './view-icons'

const loadPane = () => import('./task-pane')
const TaskPane = lazy(loadPane)
const loadModal = () => import('./task-edit-modal')
const TaskEditModal = lazy(loadModal)
const ProjectDialogs = lazy(() => import('./project-dialogs'))
// The board (issue 26) loads when a list is first shown as one.
const BoardView = lazy(() => import('../board/board-view'))
// The bulk bar (menus, a popover) loads with the first selection.
const BulkBar = lazy(() => import('./bulk-bar').then((m) => ({ default: m.BulkBar })))

/** What the screen shows for a scope: its title, icon, sections and empty state. */
type ScreenView = {
  title: string
  icon: Icon
  project: Project | null
  def: ViewDef | null
  sections: Section[]
  canAdd: boolean
  emptyTitle: string
  emptyText: string
  /** Set when the scope's own data is still on its way. */
  loading: boolean
  /** A smart filter the engine (next issue) will evaluate. */
  pendingFilter: string | null
  notFound: boolean
}

function useNow(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(id)
  }, [])
  return now
}

/**
 * A task screen (001 §2): /app/tasks with a built-in view, a project, or a
 * smart filter; the list, the bulk bar, the edit pane (a modal at 768 px
 * and below) and the project dialogs.
 */
export function TasksScreen({ scope }: { scope: TaskScope }) {
  const user = useRequiredUser()
  const queryClient = useQueryClient()
  const tasks = useAccessibleTasks(user.id)
  const projects = useProjects(user.id)
  const isFilter = scope.kind === 'filter'
  const filters = useSmartFilters(user.id)
  const { zone, fromPreference } = useTaskZone(user.id)
  const timeZone = fromPreference ? undefined : zone
  const isMobile = useMediaQuery(MOBILE_QUERY)
  const compact = useMediaQuery('(max-width: 640px)')
  const now = useNow()
  const [params, setParams] = useSearchParams()
  const selection = useSelectionStore()
  const lingering = useLingerStore((s) => s.ids)
  const adding = useAddTaskStore((s) => s.at)
  const openAdd = useAddTaskStore((s) => s.open)
  const closeAdd = useAddTaskStore((s) => s.close)
  const openDialog = useProjectDialogStore((s) => s.open)
  const { mutate: complete } = useSetTaskCompleted(user.id)
  const { mutate: star } = useSetTaskStarred(user.id)
  const create = useCreateTaskOptimistic(user.id, timeZone)
  useTasksRealtime(user.id)

  // The scope's view: a built-in view (also what a system smart filter is), a project, a custom filter.
  const filter = isFilter ? filters.data?.find((f) => f.id === scope.filterId) : undefined
  const viewId: ViewId | null =
    scope.kind === 'view' ? scope.view : filter?.system_key ? (filter.system_key as ViewId) : null
  const logbook = useLogbook(user.id, viewId === 'logbook')
  const filterData = useMemo(() => (filter && !viewId ? readFilterData(filter.filters_data) : null), [filter, viewId])
  const filtered = useSmartFilterTasks(user.id, isFilter ? scope.filterId : '', filterData, zone, filter?.sort_option ?? 'created_at')
  const archivedIds = useMemo(() => new Set((projects.data ?? []).filter((p) => p.is_archived).map((p) => p.id)), [projects.data])

  const view = useMemo<ScreenView>(() => {
    const all = tasks.data ?? []
    const ctx = { zone, now, userId: user.id, hiddenProjects: archivedIds, lingering }
    if (scope.kind === 'project') {
      const project = projects.data?.find((p) => p.id === scope.projectId) ?? null
      return {
        title: project?.name ?? (projects.isPending ? '' : 'Project not found'),
        icon: CheckSquare,
        project,
        def: null,
        sections: projectSection(all, scope.projectId, lingering),
        canAdd: !!project,
        emptyTitle: project?.is_archived ? 'This project is archived' : 'No tasks in this project',
        emptyText: project?.is_archived ? 'Restore it from Archived projects to work on it again.' : 'Press A to add the first one.',
        loading: tasks.isPending || projects.isPending,
        pendingFilter: null,
        notFound: !projects.isPending && !project,
      }
    }
    if (viewId) {
      const def = viewDef(viewId)
      const source = viewId === 'logbook' ? (logbook.data ?? []) : all
      return {
        title: filter?.name ?? def.label,
        icon: VIEW_ICONS[viewId],
        project: null,
        def,
        sections: buildView(def, source, ctx),
        canAdd: def.canAdd,
        emptyTitle: def.emptyTitle,
        emptyText: def.emptyText,
        loading: viewId === 'logbook' ? logbook.isPending : tasks.isPending,
        pendingFilter: null,
        notFound: false,
      }
    }
    return {
      title: filter?.name ?? (filters.isPending ? '' : 'Smart filter not found'),
      icon: filterIcon(filter?.icon_name),
      project: null,
      def: null,
      sections: filtered.data?.length ? [{ key: 'filter', title: null, tasks: filtered.data }] : [],
      canAdd: false,
      emptyTitle: filter ? 'No tasks match this filter' : 'Smart filter not found',
      emptyText: filter
        ? filtered.isError
          ? 'The filter could not be read. Try again in a moment.'
          : 'Tasks show here as soon as they match its conditions.'
        : 'It may have been deleted. Pick another view from the sidebar.',
      loading: filters.isPending || (!!filterData && filtered.isPending),
      pendingFilter: filter?.filters_data ?? null,
      notFound: !filters.isPending && !filter,
    }
  }, [filtered.data, filtered.isPending, filtered.isError, filterData, scope, tasks.data, tasks.isPending, projects.data, projects.isPending, filters.isPending, filter, viewId, logbook.data, logbook.isPending, zone, now, user.id, archivedIds, lingering])

  const progress = useMemo(() => subtaskProgress(tasks.data ?? []), [tasks.data])
  const order = useMemo(() => view.sections.flatMap((s) => s.tasks.map((t) => t.id)), [view.sections])
  const shown = useMemo(() => view.sections.flatMap((s) => s.tasks), [view.sections])

  // ?layout=board shows the list as a board (?view= names the built-in view); ?by= groups it (a project by its own columns by default).
  const canBoard = view.def?.id !== 'logbook'
  const board = canBoard && params.get('layout') === 'board'
  const requestedBy = params.get('by')
  const grouping: BoardGrouping =
    requestedBy === 'priority' || requestedBy === 'due' ? requestedBy : scope.kind === 'project' ? 'columns' : 'priority'
  const setBoard = (next: { layout?: 'board' | null; by?: BoardGrouping }) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p)
        // ?by= stays when going back to the list: the board comes back as it was.
        if (next.layout === null) {
          out.delete('layout')
        } else {
          out.set('layout', 'board')
          if (next.by) out.set('by', next.by)
        }
        return out
      },
      { replace: true },
    )

  // The pane: ?edit= (the task in edit), ?taskId= (a link to a task: selected and opened).
  const editId = params.get('edit')
  const linkedId = params.get('taskId')
  const openTask = useCallback<OpenTask>(
    (id, options) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p)
          next.delete('taskId')
          if (id) next.set('edit', id)
          else next.delete('edit')
          return next
        },
        { replace: options?.replace ?? false },
      ),
    [setParams],
  )
  useEffect(() => {
    if (linkedId && !editId) openTask(linkedId, { replace: true })
  }, [linkedId, editId, openTask])
  const exists = useCallback(
    (id: string) => {
      if (!tasks.data) return null
      return tasks.data.some((t) => t.id === id && !t.is_deleted) || !!logbook.data?.some((t) => t.id === id)
    },
    [tasks.data, logbook.data],
  )
  const memory = useSelectionMemory(user.id, editId, openTask, exists)

  // Row handlers are stable (the rows are memoised); they read the latest state through a ref.
  const latest = useRef({ order, shown, selection, openTask, memory })
  latest.current = { order, shown, selection, openTask, memory }
  const handlers = useMemo<RowHandlers>(
    () => ({
      onActivate: (task, e: MouseEvent) => {
        const { selection: sel, order: ids } = latest.current
        const gesture = gestureOf(e)
        if (gesture || sel.selectMode || sel.ids.size > 0) {
          sel.apply(task.id, gesture ?? 'toggle', ids)
          return
        }
        latest.current.openTask(task.id)
      },
      onToggleSelected: (task) => latest.current.selection.apply(task.id, 'toggle', latest.current.order),
      onComplete: (task, completed) => complete({ task, completed }),
      onStar: (task, starred) => star({ id: task.id, starred }),
      dragIds: (task) => {
        const sel = latest.current.selection.ids
        return sel.has(task.id) ? latest.current.order.filter((id) => sel.has(id)) : [task.id]
      },
    }),
    [complete, star],
  )

  // Adding: the section's day or the project, at the bottom (server: highest + 1) or the top (lowest − 1).
  const today = todayIn(zone, now)
  const onAdd = (title: string, section: Section | undefined) => {
    const defaults = addDefaults(scope.kind === 'filter' ? { kind: 'filter' } : scope, section, today)
    const list = section?.tasks ?? shown
    const top = adding?.place === 'top'
    const orders = list.map((t) => t.sort_order)
    const sortOrder = top ? Math.min(0, ...orders) - 1 : Math.max(0, ...orders) + 1
    const project = view.project
    create.mutate({
      userId: user.id,
      title,
      ...defaults,
      ...(top ? { sort_order: sortOrder } : {}),
      tempId: newTempId(),
      extra: {
        sort_order: sortOrder,
        ...(project
          ? { project_name: project.name, project_color: project.color, project_icon_name: project.icon_name, project_icon_weight: project.icon_weight, list: project.name }
          : {}),
      },
    })
  }

  // The inline add lives in the list: on a board, adding steps back to the list first.
  const onBoard = useRef(board)
  onBoard.current = board
  const addAt = useCallback(
    (place: 'top' | 'bottom') => {
      if (onBoard.current) {
        setParams(
          (p) => {
            const out = new URLSearchParams(p)
            out.delete('layout')
            return out
          },
          { replace: true },
        )
      }
      openAdd(place)
    },
    [openAdd, setParams],
  )

  // Commands of the task routes (001 §9): a adds at the bottom, Shift+A at the top.
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'tasks-add-bottom',
        label: 'Add task at the bottom',
        group: 'Tasks',
        shortcuts: [{ key: 'a' }],
        enabled: () => view.canAdd,
        run: () => addAt('bottom'),
      },
      {
        id: 'tasks-add-top',
        label: 'Add task at the top',
        group: 'Tasks',
        shortcuts: [{ key: 'a', shift: true }],
        enabled: () => view.canAdd,
        run: () => addAt('top'),
      },
      {
        id: 'tasks-select',
        label: 'Select tasks',
        group: 'Tasks',
        keywords: ['bulk', 'multiple'],
        run: () => useSelectionStore.getState().setSelectMode(true),
      },
    ],
    [view.canAdd, addAt],
  )
  useRegisterCommands('tasks-screen', commands)

  // Escape clears the selection; changing screens closes the add row and clears it too.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && useSelectionStore.getState().ids.size) useSelectionStore.getState().clear()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const scopeKey = scope.kind === 'view' ? scope.view : scope.kind === 'project' ? scope.projectId : scope.filterId
  // Before the paint: run after it (a passive effect, late on a busy
  // machine), the mount's own run closed an add row that 'a', pressed as
  // soon as the screen showed, had just opened (CI, 2026-11-28).
  useLayoutEffect(() => {
    closeAdd()
    useSelectionStore.getState().clear()
  }, [scopeKey, closeAdd])
  useEffect(() => () => closeAdd(), [closeAdd])

  // The pane's code loads once the list is on screen and idle: the first open is instant.
  useEffect(() => whenSettled(queryClient, () => void (isMobile ? loadModal() : loadPane()), 3000), [isMobile, queryClient])

  const selectedTasks = useMemo(() => shown.filter((t) => selection.ids.has(t.id)), [shown, selection.ids])
  const selecting = selection.selectMode || selection.ids.size > 0
  const total = shown.length
  const ViewIcon = view.icon

  const header = (
    <div className="flex min-h-14 flex-wrap items-center gap-2 border-b px-4 py-2 md:px-6">
      <div className="flex min-w-0 flex-1 items-center gap-2">
        {view.project ? (
          <ProjectIcon name={view.project.icon_name} weight={view.project.icon_weight} color={view.project.color} size={22} />
        ) : (
          <ViewIcon size={22} weight="duotone" className="shrink-0 text-primary" aria-hidden />
        )}
        {view.title ? (
          <h1 className="truncate text-xl font-semibold tracking-tight" id="tasks-title">
            {view.title}
          </h1>
        ) : (
          <Skeleton className="h-6 w-40" />
        )}
        {!view.loading && total ? <span className="text-sm text-muted-foreground tabular-nums">{total}</span> : null}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        {canBoard ? (
          <BoardSwitch
            board={board}
            grouping={grouping}
            project={scope.kind === 'project'}
            onList={() => setBoard({ layout: null })}
            onBoard={(by) => setBoard({ layout: 'board', ...(by ? { by } : {}) })}
          />
        ) : null}
        {view.project ? (
          <Button variant="ghost" size="sm" onClick={() => view.project && openDialog({ kind: 'share', projectId: view.project.id })}>
            <ShareNetwork size={16} aria-hidden /> Share
          </Button>
        ) : null}
        {total && !board ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={selection.selectMode}
            onClick={() => selection.setSelectMode(!selection.selectMode)}
          >
            <SelectionAll size={16} aria-hidden /> {selection.selectMode ? 'Done' : 'Select'}
          </Button>
        ) : null}
        {view.canAdd ? (
          <Button size="sm" onClick={() => addAt('bottom')} aria-keyshortcuts="A">
            <Plus size={16} aria-hidden /> Add task
          </Button>
        ) : null}
      </div>
    </div>
  )

  const empty = (
    <EmptyState icon={view.pendingFilter ? FunnelSimple : ViewIcon} title={view.emptyTitle} description={view.emptyText}>
      {view.canAdd ? (
        <Button onClick={() => addAt('bottom')}>
          <Plus size={16} aria-hidden /> Add task
        </Button>
      ) : null}
    </EmptyState>
  )

  const error = tasks.isError ? tasks.error : projects.isError ? projects.error : null

  return (
    <div className="flex h-full min-h-0">
      <section aria-labelledby="tasks-title" className="flex min-w-0 flex-1 flex-col">
        {header}
        {selectedTasks.length ? (
          <Suspense fallback={<div className="h-11 border-b bg-primary/5" aria-hidden />}>
            <BulkBar tasks={selectedTasks} projects={projects.data ?? []} zone={zone} {...(timeZone ? { timeZone } : {})} />
          </Suspense>
        ) : null}
        {error ? (
          <LoadFailed what="Could not load your tasks" error={error} onRetry={() => void queryClient.refetchQueries({ type: 'active' })} />
        ) : board && view.loading ? (
          <ListSkeleton compact={compact} />
        ) : board && (shown.length || view.project) ? (
          <Suspense fallback={<BoardSkeleton />}>
            <BoardView
              userId={user.id}
              tasks={shown}
              grouping={grouping}
              project={view.project}
              zone={zone}
              {...(timeZone ? { timeZone } : {})}
              now={now}
              today={today}
              label={`${view.title || 'Tasks'} board`}
              onOpen={(task) => openTask(task.id)}
            />
          </Suspense>
        ) : (
          // Mounted while the data is on its way (with skeleton rows): its
          // scroller is measured then, so the rows of the data's first
          // render are the screen's, with no second render and layout.
          <TaskList
            loading={view.loading}
            sections={view.sections}
            handlers={handlers}
            zone={zone}
            now={now}
            progress={progress}
            selectedIds={selection.ids}
            selecting={selecting}
            openId={editId}
            lingering={lingering}
            showProject={scope.kind !== 'project'}
            compact={compact}
            draggable={!isMobile && view.def?.id !== 'logbook'}
            adding={view.canAdd ? adding : null}
            canAdd={view.canAdd}
            onAdd={onAdd}
            onOpenAdd={openAdd}
            onCloseAdd={closeAdd}
            label={`${view.title || 'Tasks'} tasks`}
            revealId={memory.revealId}
            empty={empty}
          />
        )}
      </section>
      {editId ? (
        <Suspense fallback={null}>
          {isMobile ? (
            <TaskEditModal taskId={editId} onClose={memory.close} onVanished={memory.vanished} timeZone={timeZone} />
          ) : (
            <TaskPane taskId={editId} onClose={memory.close} onVanished={memory.vanished} timeZone={timeZone} />
          )}
        </Suspense>
      ) : null}
      <ProjectDialogsHost />
      <SmartFilterDialogsHost />
    </div>
  )
}

function BoardSkeleton() {
  return (
    <div className="flex gap-3 overflow-hidden p-4 md:px-6" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-64 w-[85vw] shrink-0 sm:w-72" />
      ))}
    </div>
  )
}

const GROUPINGS: { by: BoardGrouping; label: string }[] = [
  { by: 'columns', label: 'Columns' },
  { by: 'priority', label: 'Priority' },
  { by: 'due', label: 'Due date' },
]

/** List or board, and what the board groups by: one toggle and one menu in the header. */
function BoardSwitch({
  board,
  grouping,
  project,
  onList,
  onBoard,
}: {
  board: boolean
  grouping: BoardGrouping
  project: boolean
  onList: () => void
  onBoard: (by?: BoardGrouping) => void
}) {
  return (
    <>
      <div role="group" aria-label="Layout" className="flex rounded-md border p-0.5">
        <Button variant={board ? 'ghost' : 'secondary'} size="sm" className="h-7" aria-pressed={!board} onClick={onList}>
          <ListBullets size={16} aria-hidden /> List
        </Button>
        <Button variant={board ? 'secondary' : 'ghost'} size="sm" className="h-7" aria-pressed={board} onClick={() => onBoard()}>
          <Kanban size={16} aria-hidden /> Board
        </Button>
      </div>
      {board ? (
        <label className="flex items-center gap-1 text-sm text-muted-foreground">
          <span className="sr-only sm:not-sr-only">Group by</span>
          <select
            className="h-8 rounded-md border bg-background px-2 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
            value={grouping}
            onChange={(e) => onBoard(e.target.value as BoardGrouping)}
            aria-label="Group board by"
          >
            {GROUPINGS.filter((g) => project || g.by !== 'columns').map((g) => (
              <option key={g.by} value={g.by}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </>
  )
}

/** The project dialogs load with the first one opened. */
function ProjectDialogsHost() {
  const dialog = useProjectDialogStore((s) => s.dialog)
  const [used, setUsed] = useState(false)
  if (dialog && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <ProjectDialogs />
    </Suspense>
  )
}
