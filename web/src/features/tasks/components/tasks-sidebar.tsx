import { DndContext, type DragEndEvent, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core'
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS as DndCss } from '@dnd-kit/utilities'
import {
  Archive,
  Copy,
  DotsThree,
  Funnel,
  type Icon,
  PencilSimple,
  Plus,
  ShareNetwork,
  Star,
  Trash,
  UsersThree,
} from '@phosphor-icons/react'
import { type KeyboardEvent, type ReactNode, useMemo } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { useSetProjectArchived } from '../api/archive-project'
import { useDuplicateProject } from '../api/duplicate-project'
import { useSetProjectFavorite } from '../api/favorite-project'
import { useAccessibleTasks } from '../api/get-accessible-tasks'
import { sidebarOrder, useProjects } from '../api/get-projects'
import { useSmartFilters } from '../api/get-smart-filters'
import { useMoveTasks } from '../api/move-tasks'
import { moveId, useReorderProjects } from '../api/reorder-projects'
import { useTaskZone } from '../api/task-preferences'
import { useProjectDialogStore } from '../stores/project-dialog-store'
import type { Project, ViewId } from '../types'
import { VIEWS, countByProject, countViews } from '../utils/views'
import { ProjectIcon } from './project-icon'
import { useTaskDropTarget } from './task-drag'
import { VIEW_ICONS, filterIcon } from './view-icons'

type Props = { onNavigate?: (() => void) | undefined }

const rowClass =
  'group/row relative flex h-9 items-center gap-2.5 rounded-md px-2.5 text-sm text-sidebar-foreground/85 outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring'

function Count({ n }: { n: number | undefined }) {
  if (!n) return null
  return <span className="ml-auto text-xs text-muted-foreground tabular-nums">{n}</span>
}

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

function ProjectMenu({ project }: { project: Project }) {
  const user = useRequiredUser()
  const open = useProjectDialogStore((s) => s.open)
  const favorite = useSetProjectFavorite(user.id)
  const archive = useSetProjectArchived(user.id)
  const navigate = useNavigate()
  const duplicate = useDuplicateProject(user.id, (id) => navigate(`/app/tasks/project/${id}`))
  const owner = project.is_owner
  const manager = owner || project.user_role === 'admin'
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Project menu, ${project.name}`}
          className="absolute top-0.5 right-0.5 size-8 opacity-0 group-focus-within/row:opacity-100 group-hover/row:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100 max-md:opacity-100"
        >
          <DotsThree size={18} weight="bold" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-52">
        {manager ? (
          <DropdownMenuItem onSelect={() => open({ kind: 'edit', projectId: project.id })}>
            <PencilSimple size={16} aria-hidden /> Edit project
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => open({ kind: 'share', projectId: project.id })}>
          <ShareNetwork size={16} aria-hidden /> Share project
        </DropdownMenuItem>
        {owner ? (
          <DropdownMenuItem onSelect={() => favorite.mutate({ id: project.id, favorite: !project.is_favorite })}>
            <Star size={16} aria-hidden /> {project.is_favorite ? 'Remove from favorites' : 'Add to favorites'}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => duplicate.mutate(project.id)}>
          <Copy size={16} aria-hidden /> Duplicate project
        </DropdownMenuItem>
        {owner ? (
          <>
            <DropdownMenuItem onSelect={() => archive.mutate({ id: project.id, archived: true, name: project.name })}>
              <Archive size={16} aria-hidden /> Archive project
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              className="text-destructive data-[highlighted]:text-destructive"
              onSelect={() => open({ kind: 'delete', projectId: project.id })}
            >
              <Trash size={16} aria-hidden /> Delete project
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

type RowProps = {
  project: Project
  count: number | undefined
  active: boolean
  sortable: boolean
  onNavigate?: (() => void) | undefined
  onMove: (project: Project, by: -1 | 1) => void
  onDropTasks: (ids: string[], project: Project) => void
}

function ProjectRow({ project, count, active, sortable, onNavigate, onMove, onDropTasks }: RowProps) {
  const { setNodeRef, listeners, transform, transition, isDragging } = useSortable({ id: project.id, disabled: !sortable })
  const drop = useTaskDropTarget((ids) => onDropTasks(ids, project))
  const onKeyDown = (e: KeyboardEvent) => {
    if (!sortable || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return
    e.preventDefault()
    onMove(project, e.key === 'ArrowUp' ? -1 : 1)
  }
  return (
    <li
      ref={setNodeRef}
      style={{ transform: DndCss.Translate.toString(transform), transition }}
      className={cn('group/row relative list-none', isDragging && 'z-10 opacity-80')}
      data-project-id={project.id}
      {...drop.handlers}
    >
      <Link
        to={`/app/tasks/project/${project.id}`}
        onClick={onNavigate}
        onKeyDown={onKeyDown}
        aria-current={active ? 'page' : undefined}
        aria-keyshortcuts={sortable ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
        className={cn(
          rowClass,
          'pr-10',
          active && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
          drop.over && 'ring-2 ring-primary',
          sortable && 'touch-pan-y',
        )}
        {...(sortable ? listeners : {})}
      >
        <ProjectIcon name={project.icon_name} weight={project.icon_weight} color={project.color} size={16} />
        <span className="truncate">{project.name}</span>
        {project.is_shared || !project.is_owner ? (
          <UsersThree size={14} className="shrink-0 text-muted-foreground" aria-label="Shared" />
        ) : null}
        <span className="ml-auto group-focus-within/row:invisible group-hover/row:invisible max-md:invisible">
          <Count n={count} />
        </span>
      </Link>
      <ProjectMenu project={project} />
    </li>
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

/**
 * The task module's sidebar (001 §2): favorites (five to a row), Inbox,
 * the smart filters with All, and the projects with their menu (edit,
 * share, favorite, duplicate, archive, delete). Owned projects reorder by
 * drag or Alt+Arrow; tasks dropped on a project or the Inbox move there.
 */
export default function TasksSidebar({ onNavigate }: Props) {
  const user = useRequiredUser()
  const tasks = useAccessibleTasks(user.id)
  const projects = useProjects(user.id)
  const filters = useSmartFilters(user.id)
  const { zone } = useTaskZone(user.id)
  const isActive = useIsActive()
  const openDialog = useProjectDialogStore((s) => s.open)
  const move = useMoveTasks(user.id)
  const { reorder } = useReorderProjects(user.id)
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }))

  const live = useMemo(() => sidebarOrder((projects.data ?? []).filter((p) => !p.is_archived)), [projects.data])
  const archived = (projects.data ?? []).filter((p) => p.is_archived)
  const owned = live.filter((p) => p.is_owner)
  const favorites = live.filter((p) => p.is_favorite)
  const hidden = useMemo(() => new Set(archived.map((p) => p.id)), [archived])
  const viewCounts = useMemo(
    () => countViews(tasks.data ?? [], { zone, now: new Date(), userId: user.id, hiddenProjects: hidden }),
    [tasks.data, zone, user.id, hidden],
  )
  const projectCounts = useMemo(() => countByProject(tasks.data ?? []), [tasks.data])

  const systemFilters = new Map((filters.data ?? []).filter((f) => f.system_key).map((f) => [f.system_key, f]))
  const builtIns = VIEWS.filter((v) => {
    if (v.id === 'inbox') return false
    const row = systemFilters.get(v.systemKey)
    if (!filters.data) return true
    if (!row || !row.is_enabled) return false
    return !(row.hide_when_empty && viewCounts[v.id] === 0)
  })
  const custom = (filters.data ?? []).filter((f) => !f.system_key && f.is_enabled)

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

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const ids = owned.map((p) => p.id)
    const next = moveId(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
    reorder(next.map((id) => owned.find((p) => p.id === id)).filter((p): p is Project => !!p))
  }

  const dropOn = (project: Project | null) => (ids: string[]) => move.mutate({ ids, project })

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
      <Section title="Smart filters">
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
        <ViewRow to="/app/settings#smart-filters" label="Manage filters" icon={Funnel} active={false} onNavigate={onNavigate} />
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
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={owned.map((p) => p.id)} strategy={verticalListSortingStrategy}>
              <ul className="grid gap-0.5" aria-label="Projects">
                {live.map((p) => (
                  <ProjectRow
                    key={p.id}
                    project={p}
                    count={projectCounts.get(p.id)}
                    active={isActive.path(`/app/tasks/project/${p.id}`)}
                    sortable={p.is_owner}
                    onNavigate={onNavigate}
                    onMove={moveProject}
                    onDropTasks={(ids, project) => dropOn(project)(ids)}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        )}
        {archived.length ? (
          <button type="button" className={cn(rowClass, 'text-muted-foreground')} onClick={() => openDialog({ kind: 'archived' })}>
            <Archive size={18} weight="duotone" aria-hidden />
            <span className="truncate">Archived projects</span>
            <Count n={archived.length} />
          </button>
        ) : null}
      </Section>
    </nav>
  )
}
