import { UsersThree } from '@phosphor-icons/react'
import { type CSSProperties, type KeyboardEvent, type ReactNode, lazy } from 'react'
import { Link } from 'react-router'
import { DeferredMenu } from '@/components/ui/deferred-menu'
import { cn } from '@/lib/cn'
import type { Project } from '../types'
import { ProjectIcon } from './project-icon'
import { ProjectMenuButton, ProjectMenuContext } from './project-menu-button'
import { useTaskDropTarget } from './task-drag'

export const rowClass =
  'group/row relative flex h-9 items-center gap-2.5 rounded-md px-2.5 text-sm text-sidebar-foreground/85 outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring'

export function Count({ n }: { n: number | undefined }) {
  if (!n) return null
  return <span className="ml-auto text-xs text-muted-foreground tabular-nums">{n}</span>
}

const loadMenu = () => import('./project-menu')
const ProjectMenu = lazy(loadMenu)

/** What a sortable list (sortable-projects.tsx) hands a row; absent before dnd-kit is loaded. */
export type SortableBits = {
  setNodeRef: (node: HTMLElement | null) => void
  style: CSSProperties
  listeners: Record<string, unknown> | undefined
  isDragging: boolean
}

export type ProjectRowProps = {
  project: Project
  count: number | undefined
  active: boolean
  /** Owned projects move (by drag and by Alt+Arrow). */
  movable: boolean
  onNavigate?: (() => void) | undefined
  onMove: (project: Project, by: -1 | 1) => void
  onDropTasks: (ids: string[], project: Project) => void
  sortable?: SortableBits | undefined
}

/**
 * A project in the sidebar: its link (tasks dropped on it move there; Alt+Up
 * and Alt+Down move an owned project), its count, and its menu, whose code
 * loads when the pointer or the focus first reaches it.
 */
export function ProjectRow({ project, count, active, movable, onNavigate, onMove, onDropTasks, sortable }: ProjectRowProps): ReactNode {
  const drop = useTaskDropTarget((ids) => onDropTasks(ids, project))
  const onKeyDown = (e: KeyboardEvent) => {
    if (!movable || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return
    e.preventDefault()
    onMove(project, e.key === 'ArrowUp' ? -1 : 1)
  }
  return (
    <li
      ref={sortable?.setNodeRef}
      style={sortable?.style}
      className={cn('group/row relative list-none', sortable?.isDragging && 'z-10 opacity-80')}
      data-project-id={project.id}
      {...drop.handlers}
    >
      <Link
        to={`/app/tasks/project/${project.id}`}
        onClick={onNavigate}
        onKeyDown={onKeyDown}
        aria-current={active ? 'page' : undefined}
        aria-keyshortcuts={movable ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
        className={cn(
          rowClass,
          'pr-10',
          active && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
          drop.over && 'ring-2 ring-primary',
          movable && 'touch-pan-y',
        )}
        {...(sortable?.listeners ?? {})}
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
      <ProjectMenuContext.Provider value={project}>
        <DeferredMenu menu={ProjectMenu} preload={loadMenu} trigger={<ProjectMenuButton project={project} />} />
      </ProjectMenuContext.Provider>
    </li>
  )
}
