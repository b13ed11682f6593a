import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragOverEvent,
  type DroppableContainer,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  closestCorners,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ArrowsClockwise, CaretLeft, CaretRight, DotsThree, PencilSimple, Plus, Trash } from '@phosphor-icons/react'
import { type FormEvent, type ReactNode, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { toast } from '@/lib/toast'
import type { BoardColumn, Project, Task } from '../types'
import { type IsoDay, dueLabel } from '../utils/dates'
import { priorityOption } from '../utils/priority'
import {
  type BoardGrouping,
  type Lane,
  MAX_COLUMN_NAME,
  MAX_COLUMNS,
  MAX_WIP,
  NO_COLUMN,
  dropPlan,
  dueLanes,
  newColumnId,
  priorityLanes,
  projectLanes,
  wipCount,
} from './board'
import { useMoveBoardTask, useSaveBoardColumns } from './board-api'

const laneKey = (id: string) => `lane:${id}`
const weekdayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' })
const TONES = { overdue: 'text-destructive', today: 'text-green-700 dark:text-green-400', upcoming: 'text-purple-700 dark:text-purple-400', later: 'text-muted-foreground' }

/**
 * Under the pointer, a card wins over its lane, and nothing (a gap, a
 * closed lane) is nothing; the keyboard, which has no pointer, goes by corners.
 */
const collision: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) {
    // The keyboard sets the card on its target's corner: the nearest of what it then lies on (a card before its
    // tall lane), so that the card's old place and the cards of other lanes do not compete.
    const under = new Set(rectIntersection(args).map((c) => c.id))
    const near = closestCorners({ ...args, droppableContainers: args.droppableContainers.filter((c) => under.has(c.id)) })
    return near.length ? near : closestCorners(args)
  }
  const within = pointerWithin(args)
  const card = within.find((c) => !String(c.id).startsWith('lane:'))
  return card ? [card] : within
}

/** Why a lane that takes no cards ("Overdue") refuses one: shown on the lane, in a toast and to screen readers. */
const REFUSED = 'Overdue takes no cards: drop it on a day to reschedule it.'

/**
 * Measure every lane and card as it mounts, not only when a drag starts: a
 * column added a moment ago is a drop target at once, and the keyboard's
 * first arrow finds every lane measured.
 */
const measuring = { droppable: { strategy: MeasuringStrategy.Always } }

type Point = { x: number; y: number }

/** The lane a drop target belongs to: a lane's own id, or the lane a card was given (useSortable's data). */
function laneOfTarget(target: DroppableContainer | undefined): string | null {
  if (!target) return null
  const id = String(target.id)
  return id.startsWith('lane:') ? id.slice(5) : ((target.data.current?.lane as string | undefined) ?? null)
}

/**
 * ArrowLeft / ArrowRight take the card to the next lane, to the card there
 * nearest its height (or the lane itself when empty); Up / Down are dnd-kit's
 * sortable getter. dnd-kit's own getter picks "the nearest target to that
 * side" by corners, and an empty lane, as tall as the board, is far by its
 * bottom corners: from Overdue, the first press chose the card's own place
 * (nothing moved) or a card two lanes on.
 *
 * The board is then scrolled at once so that the lane is in view: dnd-kit's
 * sensor spends a press on scrolling a wide board (smoothly, moving nothing)
 * when the place lies past the board's middle going right, or short of it
 * going left, so the lane goes to the board's start going right and to its
 * middle going left (the board does not snap while a card is dragged).
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const right = event.code === KeyboardCode.Right
  if (!right && event.code !== KeyboardCode.Left) return sortableKeyboardCoordinates(event, args)
  event.preventDefault()
  const { active, activeNode, collisionRect, droppableRects, droppableContainers, over } = args.context
  if (!active || !collisionRect) return undefined
  const enabled = droppableContainers.getEnabled()
  const from = laneOfTarget(droppableContainers.get(over?.id ?? active.id))
  const lanes = enabled
    .flatMap((c) => {
      const rect = droppableRects.get(c.id)
      return String(c.id).startsWith('lane:') && rect ? [{ id: String(c.id).slice(5), rect }] : []
    })
    .sort((a, b) => a.rect.left - b.rect.left)
  const next = lanes[lanes.findIndex((l) => l.id === from) + (right ? 1 : -1)]
  if (!from || !next) return undefined
  let place = next.rect
  for (const c of enabled) {
    const rect = droppableRects.get(c.id)
    if (!rect || c.id === active.id || laneOfTarget(c) !== next.id) continue
    if (place === next.rect || Math.abs(rect.top - collisionRect.top) < Math.abs(place.top - collisionRect.top)) place = rect
  }
  // Read now: dnd-kit's rects follow the board's scroll.
  const { left, top } = place
  const board = activeNode?.closest<HTMLElement>('[data-board]')
  if (!board) return { x: left, y: top }
  const box = board.getBoundingClientRect()
  const middle = box.left + box.width / 2
  const start = box.left + (Number.parseFloat(getComputedStyle(board).scrollPaddingLeft) || 0)
  const x = right ? (left > middle ? start : left) : Math.max(left, middle + 1)
  const before = board.scrollLeft
  if (x !== left) board.scrollLeft = before + left - x
  return { x: left - (board.scrollLeft - before), y: top }
}

/**
 * The lane (and card) under a point of the screen, read from the page: where
 * a mouse drop lands. The drag overlay and anything outside the board are
 * passed over.
 */
function dropTargetAt(board: HTMLElement | null, { x, y }: Point): { lane: string; card: string | null; below: boolean } | null {
  for (const el of board ? document.elementsFromPoint(x, y) : []) {
    const laneEl = board?.contains(el) ? el.closest<HTMLElement>('[data-lane]') : null
    const lane = laneEl?.dataset.lane
    if (!laneEl || !lane) continue
    const cardEl = el.closest<HTMLElement>('[data-card]')
    if (!cardEl?.dataset.card || !laneEl.contains(cardEl)) return { lane, card: null, below: false }
    const r = cardEl.getBoundingClientRect()
    return { lane, card: cardEl.dataset.card, below: y > r.top + r.height / 2 }
  }
  return null
}

/** Where a card can go from the "Move to…" menu: the other lanes that take a drop. */
type Destination = { id: string; title: string }

type CardProps = {
  task: Task
  zone: string
  now: Date
  showProject: boolean
  onOpen: (task: Task) => void
  lane: string
  destinations: readonly Destination[]
  onMove: (id: string, lane: string) => void
}

function CardBody({ task, zone, now, showProject }: Pick<CardProps, 'task' | 'zone' | 'now' | 'showProject'>) {
  const p = priorityOption(task.priority)
  const due = dueLabel(task, zone, now)
  return (
    <>
      <span className="flex items-start gap-2">
        <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full bg-current', p.tone)} />
        <span className="min-w-0 flex-1 break-words">{task.title}</span>
      </span>
      {due || (showProject && task.project_name) || task.recurrence ? (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 pl-4 text-xs text-muted-foreground">
          {due ? <span className={cn('tabular-nums', TONES[due.tone])}>{due.text}</span> : null}
          {task.recurrence ? <ArrowsClockwise aria-label="Repeats" size={12} /> : null}
          {showProject && task.project_name ? <span className="truncate">#{task.project_name}</span> : null}
        </span>
      ) : null}
    </>
  )
}

const cardClass =
  'grid w-full gap-1 rounded-md border bg-card p-2.5 text-left text-sm shadow-xs outline-none hover:border-foreground/20 focus-visible:ring-2 focus-visible:ring-ring'

/**
 * A card: dragged by pointer or keyboard, opened by a click, and moved from
 * its "Move to…" menu — the way on a phone, where a touch on a card scrolls
 * the board rather than dragging it.
 */
const Card = memo(function Card({ task, zone, now, showProject, onOpen, lane, destinations, onMove }: CardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: task.id, data: { lane } })
  return (
    <li
      ref={setNodeRef}
      data-card={task.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('group relative', isDragging && 'opacity-40')}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-roledescription="card"
        aria-label={task.title}
        onClick={() => onOpen(task)}
        className={cn(cardClass, 'cursor-grab touch-manipulation pr-9')}
      >
        <CardBody task={task} zone={zone} now={now} showProject={showProject} />
      </button>
      {destinations.length ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Move ${task.title} to…`}
              // Always there on a phone; on a wider screen with the card's hover or focus.
              className="absolute top-1.5 right-1.5 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 sm:focus-visible:opacity-100 sm:data-[state=open]:opacity-100"
            >
              <DotsThree aria-hidden size={16} weight="bold" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Move to…</DropdownMenuLabel>
            {destinations.map((d) => (
              <DropdownMenuItem key={d.id} onSelect={() => onMove(task.id, d.id)}>
                {d.title}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </li>
  )
})

type LaneActions = {
  edit?: () => void
  remove?: () => void
  left?: () => void
  right?: () => void
}

/**
 * A lane. While a card is over it (over the lane or one of its cards) it is
 * outlined: in the primary colour when it takes the card, in red with the
 * reason when it does not ("Overdue"). A lane that takes no cards is still a
 * drop target, so that the drop is refused where the user can see it.
 */
function LaneColumn({ lane, children, actions, dragging, over }: { lane: Lane; children: ReactNode; actions: LaneActions | null; dragging: boolean; over: boolean }) {
  const { setNodeRef } = useDroppable({ id: laneKey(lane.id) })
  const wip = wipCount(lane)
  const drop = over ? (lane.droppable ? 'takes' : 'refuses') : undefined
  return (
    <section
      aria-label={lane.title}
      data-lane={lane.id}
      data-drop={drop}
      className={cn(
        'flex max-h-full w-[85vw] shrink-0 snap-start flex-col rounded-lg border bg-muted/40 sm:w-72',
        drop === 'takes' && 'ring-2 ring-primary',
        drop === 'refuses' && 'ring-2 ring-destructive',
        dragging && !lane.droppable && !over && 'opacity-60',
      )}
    >
      <header className="flex h-11 shrink-0 items-center gap-2 px-3">
        <h2 className="min-w-0 truncate text-sm font-semibold">{lane.title}</h2>
        <span
          aria-label={wip.label}
          className={cn(
            'rounded-full px-1.5 text-xs tabular-nums',
            wip.over ? 'bg-destructive/15 font-semibold text-destructive' : 'text-muted-foreground',
          )}
        >
          {wip.text}
        </span>
        {actions ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" className="ml-auto" aria-label={`Column ${lane.title} options`}>
                <DotsThree aria-hidden size={16} weight="bold" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={actions.edit}>
                <PencilSimple aria-hidden size={16} /> Edit column…
              </DropdownMenuItem>
              <DropdownMenuItem disabled={!actions.left} onSelect={actions.left}>
                <CaretLeft aria-hidden size={16} /> Move left
              </DropdownMenuItem>
              <DropdownMenuItem disabled={!actions.right} onSelect={actions.right}>
                <CaretRight aria-hidden size={16} /> Move right
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem className="text-destructive" onSelect={actions.remove}>
                <Trash aria-hidden size={16} /> Delete column
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </header>
      {drop === 'refuses' ? <p className="px-3 pb-2 text-xs font-medium text-destructive">{REFUSED}</p> : null}
      <div ref={setNodeRef} className="flex min-h-24 flex-1 flex-col overflow-y-auto px-2 pb-2">
        {children}
      </div>
    </section>
  )
}

function ColumnDialog({
  column,
  taken,
  onClose,
  onSave,
}: {
  column: BoardColumn | 'new' | null
  taken: readonly string[]
  onClose: () => void
  onSave: (name: string, wip: number | null) => void
}) {
  const current = column && column !== 'new' ? column : null
  const [name, setName] = useState(current?.name ?? '')
  const [wip, setWip] = useState(current?.wip_limit ? String(current.wip_limit) : '')
  const trimmed = name.trim()
  const nameError =
    trimmed.length > MAX_COLUMN_NAME
      ? `A column name can be at most ${MAX_COLUMN_NAME} characters.`
      : taken.some((t) => t.toLowerCase() === trimmed.toLowerCase() && t !== current?.name)
        ? 'A column with this name already exists.'
        : null
  const limit = wip.trim() === '' ? null : Number(wip)
  const wipError = limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > MAX_WIP) ? `Enter a whole number from 1 to ${MAX_WIP}, or leave it empty.` : null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!trimmed || nameError || wipError) return
    onSave(trimmed, limit)
  }
  return (
    <Dialog open={!!column} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-sm">
        <form onSubmit={submit} className="grid gap-4">
          <DialogTitle>{current ? 'Edit column' : 'Add column'}</DialogTitle>
          <DialogDescription>A work-in-progress limit marks the column when it holds more cards than that.</DialogDescription>
          <Field label="Name" error={nameError}>
            {(p) => <Input {...p} autoFocus value={name} onChange={(e) => setName(e.target.value)} maxLength={MAX_COLUMN_NAME + 10} placeholder="In review" />}
          </Field>
          <Field label="WIP limit" hint="Optional." error={wipError}>
            {(p) => <Input {...p} inputMode="numeric" value={wip} onChange={(e) => setWip(e.target.value)} placeholder="No limit" />}
          </Field>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed || !!nameError || !!wipError}>
              {current ? 'Save' : 'Add column'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export type BoardViewProps = {
  userId: string
  /** The list's open top-level tasks. */
  tasks: readonly Task[]
  grouping: BoardGrouping
  /** The project whose own columns these are (owner and admins may edit them). */
  project: Project | null
  zone: string
  timeZone?: string
  now: Date
  today: IsoDay
  label: string
  onOpen: (task: Task) => void
}

/**
 * A board (issue 26): lanes of cards, dragged with the pointer or the
 * keyboard (Space, arrows, Space) between and within lanes; a drop is one
 * move_board_task. On a project's own board its owner and admins add,
 * edit, reorder and delete columns.
 */
export default function BoardView({ userId, tasks, grouping, project, zone, timeZone, now, today, label, onOpen }: BoardViewProps) {
  const lanes = useMemo(
    () =>
      grouping === 'columns' && project
        ? projectLanes(tasks, project.board_columns)
        : grouping === 'due'
          ? dueLanes(tasks, today, zone, (d) => weekdayName.format(new Date(`${d}T12:00:00Z`)))
          : priorityLanes(tasks),
    [grouping, project, tasks, today, zone],
  )
  const move = useMoveBoardTask(userId, timeZone)
  const save = useSaveBoardColumns(userId)
  const [dragged, setDragged] = useState<Task | null>(null)
  // The lane the dragged card is over (over the lane or one of its cards), outlined.
  const [overLane, setOverLane] = useState<string | null>(null)
  const board = useRef<HTMLDivElement>(null)
  // Where the mouse is during a pointer drag, from the page's own events (see onDragEnd).
  const pointer = useRef<Point | null>(null)
  const untrack = useRef<(() => void) | null>(null)
  useEffect(() => () => untrack.current?.(), [])
  const [editing, setEditing] = useState<BoardColumn | 'new' | null>(null)
  const [removing, setRemoving] = useState<BoardColumn | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  )
  const laneOf = useMemo(() => new Map(lanes.flatMap((l) => l.cards.map((c) => [c.id, l] as const))), [lanes])
  const titleOf = (id: string | number) => laneOf.get(String(id))?.cards.find((c) => c.id === id)?.title ?? 'Card'
  // The lane of a drop target: the lane itself or the lane of the card under the drag.
  const laneAt = (id: string | number | undefined) => {
    const key = String(id ?? '')
    return key.startsWith('lane:') ? lanes.find((l) => laneKey(l.id) === key) : laneOf.get(key)
  }
  const laneTitle = (id: string | number | undefined) => laneAt(id)?.title ?? ''
  // Where in the lane: ", position 2 of 3" over a card, ", at the end" over the lane itself.
  const place = (activeId: string | number, overId: string | number) => {
    const target = laneOf.get(String(overId))
    if (!target) return ', at the end'
    const n = target.cards.length + (target.cards.some((c) => c.id === activeId) ? 0 : 1)
    return `, position ${target.cards.findIndex((c) => c.id === overId) + 1} of ${n}`
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${titleOf(active.id)} is not over a column.`
        : laneAt(over.id)?.droppable === false
          ? `${titleOf(active.id)} is over ${laneTitle(over.id)}. ${REFUSED}`
          : `${titleOf(active.id)} is over ${laneTitle(over.id)}${place(active.id, over.id)}.`,
    onDragEnd: ({ active, over }) =>
      !over
        ? `${titleOf(active.id)} was put back.`
        : laneAt(over.id)?.droppable === false
          ? `${titleOf(active.id)} was not moved. ${REFUSED}`
          : `${titleOf(active.id)} was dropped in ${laneTitle(over.id)}.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  }

  const columns = grouping === 'columns' ? (project?.board_columns ?? []) : []
  const canEdit = grouping === 'columns' && !!project && (project.is_owner || project.user_role === 'admin')
  const saveColumns = (next: BoardColumn[]) => project && save.mutate({ projectId: project.id, columns: next })

  const endDrag = () => {
    untrack.current?.()
    setDragged(null)
    setOverLane(null)
  }
  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    setDragged(laneOf.get(String(active.id))?.cards.find((c) => c.id === active.id) ?? null)
    if (!(activatorEvent instanceof PointerEvent)) return
    const track = (e: PointerEvent) => {
      pointer.current = { x: e.clientX, y: e.clientY }
    }
    track(activatorEvent)
    window.addEventListener('pointermove', track, true)
    window.addEventListener('pointerup', track, true)
    untrack.current = () => {
      window.removeEventListener('pointermove', track, true)
      window.removeEventListener('pointerup', track, true)
      untrack.current = null
      pointer.current = null
    }
  }
  const onDragOver = ({ over }: DragOverEvent) => setOverLane(laneAt(over?.id)?.id ?? null)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const release = pointer.current
    endDrag()
    const id = String(active.id)
    const from = laneOf.get(id)
    // dnd-kit's `over` trails the pointer: it is set from an effect, a render or
    // two after the move that reached a lane, so a mouse let go at once (or on a
    // busy machine) would drop on the lane before. A mouse drop lands where the
    // button is let go, read from the page; the keyboard's drop is `over`.
    const hit = release ? dropTargetAt(board.current, release) : null
    if (!from || (release && !hit)) return
    const overId = hit && hit.lane !== laneAt(over?.id)?.id ? (hit.card ?? laneKey(hit.lane)) : over ? String(over.id) : null
    const target = laneAt(overId ?? undefined)
    if (!overId || !target) return
    if (!target.droppable) {
      if (target.id !== from.id) toast.info(REFUSED)
      return
    }
    let at = target.cards.filter((c) => c.id !== id).length
    if (!overId.startsWith('lane:')) {
      if (from.id === target.id) {
        const ids = target.cards.map((c) => c.id)
        at = arrayMove(ids, ids.indexOf(id), ids.indexOf(overId)).indexOf(id)
      } else {
        const dragged = active.rect.current.translated
        const below = hit?.card === overId ? hit.below : over && dragged ? dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2 : false
        at = target.cards.findIndex((c) => c.id === overId) + (below ? 1 : 0)
      }
    }
    const plan = dropPlan(lanes, id, target.id, at, today, zone)
    if (plan) move.mutate({ id, ...plan, cards: target.cards })
  }

  // The menu's move: to the end of the lane, as a drop on the lane itself.
  const { mutate: moveCard } = move
  const moveTo = useCallback(
    (id: string, to: string) => {
      const target = lanes.find((l) => l.id === to)
      const plan = target ? dropPlan(lanes, id, to, target.cards.length, today, zone) : null
      if (plan && target) moveCard({ id, ...plan, cards: target.cards })
    },
    [lanes, moveCard, today, zone],
  )
  const destinationsOf = useMemo(
    () => new Map(lanes.map((l) => [l.id, lanes.filter((o) => o.id !== l.id && o.droppable).map((o) => ({ id: o.id, title: o.title }))])),
    [lanes],
  )

  const taken = columns.map((c) => c.name)
  const index = (c: BoardColumn) => columns.findIndex((x) => x.id === c.id)
  const swap = (c: BoardColumn, by: number) => {
    const next = [...columns]
    const i = index(c)
    next.splice(i, 1)
    next.splice(i + by, 0, c)
    saveColumns(next)
  }
  const actionsFor = (lane: Lane): LaneActions | null => {
    const col = columns.find((c) => c.id === lane.id)
    if (!canEdit || !col) return null
    const i = index(col)
    return {
      edit: () => setEditing(col),
      remove: () => setRemoving(col),
      ...(i > 0 ? { left: () => swap(col, -1) } : {}),
      ...(i < columns.length - 1 ? { right: () => swap(col, 1) } : {}),
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        measuring={measuring}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={endDrag}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: 'To move a card, press Space, then the arrow keys to choose a column and a place, then Space to drop it or Escape to cancel.' },
        }}
      >
        <div
          ref={board}
          data-board
          role="group"
          aria-label={label}
          // On a phone a lane comes to rest whole (an opened menu, a focus, never leave it half off screen). No
          // snapping while a card is dragged: the board scrolls under it (auto-scroll, the keyboard) to where it goes.
          className={cn('flex min-h-0 flex-1 scroll-px-4 gap-3 overflow-x-auto p-4 md:scroll-px-6 md:px-6', !dragged && 'snap-x snap-mandatory sm:snap-proximity')}
        >
          {lanes.map((lane) => (
            <LaneColumn key={lane.id} lane={lane} actions={actionsFor(lane)} dragging={!!dragged} over={overLane === lane.id}>
              <SortableContext id={lane.id} items={lane.cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
                {lane.cards.length ? (
                  <ul className="grid gap-2" aria-label={`${lane.title} cards`}>
                    {lane.cards.map((t) => (
                      <Card
                        key={t.id}
                        task={t}
                        lane={lane.id}
                        zone={zone}
                        now={now}
                        showProject={!project}
                        onOpen={onOpen}
                        destinations={destinationsOf.get(lane.id) ?? []}
                        onMove={moveTo}
                      />
                    ))}
                  </ul>
                ) : (
                  <p className="grid flex-1 place-items-center rounded-md border border-dashed p-4 text-center text-xs text-muted-foreground">
                    {lane.droppable ? (lane.id === NO_COLUMN && !columns.length ? 'Add columns, then drag cards into them.' : 'Drop a card here') : 'Nothing overdue'}
                  </p>
                )}
              </SortableContext>
            </LaneColumn>
          ))}
          {canEdit ? (
            <div className="w-[85vw] shrink-0 snap-start sm:w-72">
              <Button variant="outline" className="w-full justify-start border-dashed" disabled={columns.length >= MAX_COLUMNS} onClick={() => setEditing('new')}>
                <Plus aria-hidden size={16} /> Add column
              </Button>
              {columns.length >= MAX_COLUMNS ? <p className="mt-1 text-xs text-muted-foreground">A board holds at most {MAX_COLUMNS} columns.</p> : null}
            </div>
          ) : null}
        </div>
        <DragOverlay>
          {dragged ? (
            <div data-drag-overlay className={cn(cardClass, 'w-64 cursor-grabbing shadow-lg sm:w-[17rem]')}>
              <CardBody task={dragged} zone={zone} now={now} showProject={!project} />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      {editing ? (
        <ColumnDialog
          key={editing === 'new' ? 'new' : editing.id}
          column={editing}
          taken={taken}
          onClose={() => setEditing(null)}
          onSave={(name, wip) => {
            const next =
              editing === 'new'
                ? [...columns, { id: newColumnId(columns), name, wip_limit: wip }]
                : columns.map((c) => (c.id === editing.id ? { ...c, name, wip_limit: wip } : c))
            saveColumns(next)
            setEditing(null)
          }}
        />
      ) : null}
      <AlertDialog open={!!removing} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete column “{removing?.name}”?</AlertDialogTitle>
          <AlertDialogDescription>Its cards stay in the project and move to No column.</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (removing) saveColumns(columns.filter((c) => c.id !== removing.id))
                setRemoving(null)
              }}
            >
              Delete column
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
