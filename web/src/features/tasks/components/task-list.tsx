import { Plus } from '@phosphor-icons/react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import type { AddPlace } from '../stores/add-task-store'
import type { Task } from '../types'
import type { Section } from '../utils/views'
import { useRequiredUser } from '@/lib/auth-store'
import { usePrinting } from '@/lib/use-printing'
import { useTeammates } from '../api/assign-task'
import { InlineAdd } from './inline-add'
import { type RowHandlers, TaskRow } from './task-row'

type Item =
  | { kind: 'header'; key: string; section: Section }
  | { kind: 'task'; key: string; task: Task }
  | { kind: 'add'; key: string; section: Section }

export const HEADER_HEIGHT = 40
export const ROW_HEIGHT = 48
export const COMPACT_ROW_HEIGHT = 60

type Props = {
  /** The data is on its way: skeleton rows, in the list's own scroller (see TaskList). */
  loading?: boolean
  sections: Section[]
  handlers: RowHandlers
  zone: string
  now: Date
  progress: ReadonlyMap<string, { done: number; total: number }>
  selectedIds: ReadonlySet<string>
  selecting: boolean
  openId: string | null
  lingering: ReadonlySet<string>
  showProject: boolean
  compact: boolean
  draggable: boolean
  /** Where the add row is open; null when closed. */
  adding: { place: AddPlace; section: string | null } | null
  canAdd: boolean
  onAdd: (title: string, section: Section | undefined) => void
  onOpenAdd: (place: AddPlace, section: string | null) => void
  onCloseAdd: () => void
  /** The list's name for assistive technology: 'Today tasks'. */
  label: string
  /** Scroll this task into view (a ?taskId= link, a restored selection). */
  revealId: string | null
  empty: ReactNode
}

/** The items of the list, in order: section headers, tasks and the add row where it is open. */
function itemsOf(sections: Section[], adding: Props['adding']): Item[] {
  const items: Item[] = []
  sections.forEach((section, i) => {
    const addHere = adding && (adding.section === section.key || (adding.section === null && (adding.place === 'top' ? i === 0 : i === sections.length - 1)))
    if (section.title !== null) items.push({ kind: 'header', key: `h:${section.key}`, section })
    if (addHere && adding.place === 'top') items.push({ kind: 'add', key: `add:${section.key}`, section })
    for (const task of section.tasks) items.push({ kind: 'task', key: task.id, task })
    if (addHere && adding.place === 'bottom') items.push({ kind: 'add', key: `add:${section.key}`, section })
  })
  return items
}

/**
 * A task view's list, virtualised (@tanstack/react-virtual): only the rows
 * on screen are in the DOM, so a project of thousands of tasks renders and
 * scrolls like one of ten. Rows have fixed heights (one line on wide
 * screens, two on narrow ones), so nothing is measured. Up and Down move
 * between rows. On paper every row is drawn, one after the other.
 */
export function TaskList(props: Props) {
  const { loading = false, sections, adding, compact, revealId } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const items = useMemo(() => (loading ? [] : itemsOf(sections, adding)), [loading, sections, adding])
  const user = useRequiredUser()
  const anyAssigned = useMemo(() => sections.some((s) => s.tasks.some((t) => t.assigned_to)), [sections])
  const teammates = useTeammates(anyAssigned)
  const assigneeOf = (task: Task) => {
    if (!task.assigned_to) return {}
    const person = teammates.data?.get(task.assigned_to)
    const known = person?.name ?? (teammates.isPending ? 'a team member' : 'a former member')
    const name = task.assigned_to === user.id ? `${person?.name ?? 'You'} (you)` : known
    return { assigneeName: name, assigneeUrl: person?.url ?? null }
  }
  const rowHeight = compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT
  // Stable callbacks: the virtualiser rebuilds its table of every item's
  // offset whenever getItemKey changes, so a new closure on each render (the
  // list renders on every change of the screen) cost a pass over all the
  // items each time: the largest cost of the list in a 2,000-task project.
  const estimateSize = useCallback((i: number) => (items[i]?.kind === 'header' ? HEADER_HEIGHT : rowHeight), [items, rowHeight])
  const getItemKey = useCallback((i: number) => items[i]?.key ?? i, [items])
  const getScrollElement = useCallback(() => scrollRef.current, [])
  // useFlushSync off: a scroll no longer renders the list synchronously
  // inside its own event; the renders of a fast wheel or fling are batched
  // by React, which cut the long tasks of scrolling 2,000 rows.
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement, estimateSize, getItemKey, overscan: 10, useFlushSync: false })

  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer])
  const printing = usePrinting()
  const rows = printing
    ? items.map((item, index) => ({ index, key: item.key, size: estimateSize(index), start: 0 }))
    : virtualizer.getVirtualItems()

  // Bring the add row (and a revealed task) on screen.
  const addIndex = items.findIndex((it) => it.kind === 'add')
  useLayoutEffect(() => {
    if (addIndex >= 0) virtualizer.scrollToIndex(addIndex, { align: 'auto' })
  }, [addIndex, virtualizer])
  const revealIndex = revealId ? items.findIndex((it) => it.kind === 'task' && it.task.id === revealId) : -1
  useLayoutEffect(() => {
    if (revealIndex >= 0) virtualizer.scrollToIndex(revealIndex, { align: 'auto' })
  }, [revealIndex, virtualizer])

  /** Up and Down move the focus between rows, scrolling the list as needed. */
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    if (e.altKey || e.ctrlKey || e.metaKey) return
    const target = e.target as HTMLElement
    const row = target.closest<HTMLElement>('[data-index]')
    if (!row || target.tagName === 'INPUT') return
    e.preventDefault()
    let i = Number(row.dataset.index)
    do i += e.key === 'ArrowDown' ? 1 : -1
    while (i >= 0 && i < items.length && items[i]?.kind !== 'task')
    if (i < 0 || i >= items.length) return
    virtualizer.scrollToIndex(i, { align: 'auto' })
    const focus = (tries: number) => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"] [data-task-open]`)
      if (el) el.focus()
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1))
    }
    focus(3)
  }

  const total = sections.reduce((n, s) => n + s.tasks.length, 0)
  const showEmpty = total === 0 && !adding && sections.every((s) => s.title === null)

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain" onKeyDown={onKeyDown}>
      {loading ? (
        <SkeletonRows compact={compact} />
      ) : showEmpty ? (
        props.empty
      ) : (
        <div role="list" aria-label={props.label} className="relative w-full" style={printing ? undefined : { height: virtualizer.getTotalSize() }}>
          {rows.map((v) => {
            const item = items[v.index]
            if (!item) return null
            return (
              <div
                key={v.key}
                role="listitem"
                data-index={v.index}
                className={printing ? 'w-full' : 'absolute top-0 left-0 w-full'}
                style={printing ? { height: v.size } : { height: v.size, transform: `translateY(${v.start}px)` }}
              >
                {item.kind === 'header' ? (
                  <SectionHeader
                    section={item.section}
                    canAdd={props.canAdd && !!item.section.day}
                    onAdd={() => props.onOpenAdd('bottom', item.section.key)}
                  />
                ) : item.kind === 'add' ? (
                  <InlineAdd
                    where={item.section.title ?? props.label.replace(/ tasks$/, '')}
                    onAdd={(title) => props.onAdd(title, item.section)}
                    onClose={props.onCloseAdd}
                  />
                ) : (
                  <TaskRow
                    task={item.task}
                    handlers={props.handlers}
                    zone={props.zone}
                    now={props.now}
                    progress={props.progress.get(item.task.id)}
                    selected={props.selectedIds.has(item.task.id)}
                    selecting={props.selecting}
                    open={props.openId === item.task.id}
                    lingering={props.lingering.has(item.task.id)}
                    showProject={props.showProject}
                    draggable={props.draggable}
                    compact={compact}
                    {...assigneeOf(item.task)}
                  />
                )}
              </div>
            )
          })}
        </div>
      )}
    </div>
  )
}

function SkeletonRows({ compact }: { compact: boolean }) {
  return (
    <div aria-hidden>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 border-b px-4 md:px-6" style={{ height: compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT }}>
          <Skeleton className="size-5 rounded-full" />
          <Skeleton className="h-4" style={{ width: `${30 + ((i * 17) % 45)}%` }} />
        </div>
      ))}
    </div>
  )
}

/** The list's skeleton where no list is coming yet (a board on its way). */
export function ListSkeleton({ compact }: { compact: boolean }) {
  return (
    <div aria-hidden className="min-h-0 flex-1 overflow-hidden">
      <SkeletonRows compact={compact} />
    </div>
  )
}

function SectionHeader({ section, canAdd, onAdd }: { section: Section; canAdd: boolean; onAdd: () => void }) {
  const overdue = section.key === 'overdue'
  return (
    <div className="flex h-full items-end justify-between gap-2 border-b px-4 pb-1.5 md:px-6">
      <h2 className={cn('truncate text-sm font-semibold', overdue && 'text-red-600 dark:text-red-400')}>
        {section.title}
        <span className="ml-2 text-xs font-normal text-muted-foreground tabular-nums">{section.tasks.length || ''}</span>
      </h2>
      {canAdd ? (
        <button
          type="button"
          onClick={onAdd}
          aria-label={`Add task to ${section.title ?? 'this day'}`}
          className="-mb-0.5 flex size-7 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Plus size={16} aria-hidden />
        </button>
      ) : null}
    </div>
  )
}
