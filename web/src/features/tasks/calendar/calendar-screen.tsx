import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type Over,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { CaretLeft, CaretRight, DotsThreeVertical, Tray } from '@phosphor-icons/react'
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query'
import { useAccessibleTasks } from '../api/get-accessible-tasks'
import { useProjects } from '../api/get-projects'
import { useTaskZone } from '../api/task-preferences'
import { type TaskPatch, useUpdateTask } from '../api/update-task'
import type { Task } from '../types'
import { type IsoDay, addDays, daysBetween, todayIn } from '../utils/dates'
import { type CalendarEntry, type IsoMonth, addMonths, calendarIndex, calendarRange, isIsoMonth, monthGrid, monthOf, reschedule } from './calendar'
import { isTypingTarget } from '@/lib/shortcuts'
import { ChipBody, DraggableChip, MoreChips, type Open, OccurrenceChip, TRAY, UnscheduledTray, chipClass, dayLabel, monthTitle, noon } from './calendar-parts'
import { daysFrom, isIsoDay, weekDays } from './week'
import { WeekView } from './week-view'

const TaskEditModal = lazy(() => import('../components/task-edit-modal'))

/** Chips a day cell shows before "+N more". */
const VISIBLE_PER_DAY = 3
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/**
 * A month cell's drop zone is named by its place in the grid, not its date,
 * and carries the date as data: stepping to another month then re-renders
 * the 42 cells without re-registering 42 drop zones (each registration is a
 * state change of the DndContext that re-renders every chip under it).
 */
const cellId = (index: number) => `cell:${index}`
const cellIndex = (id: unknown) => (typeof id === 'string' && id.startsWith('cell:') ? Number(id.slice(5)) : -1)
const STEPS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 }

/**
 * The keyboard drag moves from day to day: arrows right and left a day, down
 * and up a week; from the tray the first arrow goes to today (or the 1st).
 */
function dayKeys(gridStart: IsoDay, cells: number, fallback: IsoDay): KeyboardCoordinateGetter {
  return (event, { context: { over, droppableRects } }) => {
    const step = STEPS[event.code]
    if (step === undefined) return undefined
    event.preventDefault()
    const at = cellIndex(over?.id)
    const index = at >= 0 ? at + step : daysBetween(gridStart, fallback)
    if (index < 0 || index >= cells) return undefined
    const rect = droppableRects.get(cellId(index))
    // Below the day's number, where its first chip sits.
    return rect ? { x: rect.left + 4, y: rect.top + 30 } : undefined
  }
}
function Chip({ entry, onOpen }: { entry: CalendarEntry; onOpen: Open }) {
  return entry.occurrence === 0 ? (
    <DraggableChip entry={entry} onOpen={onOpen} where={dayLabel(entry.day)} />
  ) : (
    <OccurrenceChip entry={entry} onOpen={onOpen} />
  )
}

const DayCell = memo(function DayCell({
  index,
  day,
  entries,
  inMonth,
  today,
  onOpen,
}: {
  index: number
  day: IsoDay
  entries: readonly CalendarEntry[]
  inMonth: boolean
  today: boolean
  onOpen: Open
}) {
  const { setNodeRef, isOver } = useDroppable({ id: cellId(index), data: { day } })
  const shown = entries.slice(0, VISIBLE_PER_DAY)
  const more = entries.length - shown.length
  return (
    <section
      ref={setNodeRef}
      aria-label={dayLabel(day)}
      className={cn(
        'flex min-h-28 min-w-0 flex-col gap-1 border-b border-r p-1',
        !inMonth && 'bg-muted/40 text-muted-foreground',
        isOver && 'bg-primary/10 ring-2 ring-inset ring-primary',
      )}
    >
      <span
        className={cn(
          'ml-auto grid size-6 place-items-center rounded-full text-xs tabular-nums',
          today && 'bg-primary font-semibold text-primary-foreground',
        )}
        aria-current={today ? 'date' : undefined}
      >
        {Number(day.slice(8))}
      </span>
      <ul className="grid gap-0.5">
        {shown.map((e) => (
          <Chip key={`${e.task.id}:${e.occurrence}`} entry={e} onOpen={onOpen} />
        ))}
      </ul>
      {more > 0 ? (
        <MoreChips
          more={more}
          label={`Tasks on ${dayLabel(day)}`}
          title={dayLabel(day)}
          chips={() => entries.map((e) => <Chip key={`${e.task.id}:${e.occurrence}`} entry={e} onOpen={onOpen} />)}
        />
      ) : null}
    </section>
  )
})

/** The drop alternative on touch screens and for anyone who prefers a menu: Move to… */
function MoveMenu({ task, today, onMove, onPick }: { task: Task; today: IsoDay; onMove: (task: Task, day: IsoDay | null) => void; onPick: (task: Task) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Move ${task.title} to…`}>
          <DotsThreeVertical aria-hidden size={16} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onMove(task, today)}>Today</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onMove(task, addDays(today, 1))}>Tomorrow</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onMove(task, addDays(today, 7))}>Next week</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onPick(task)}>Pick a date…</DropdownMenuItem>
        {task.due_date || task.due_time ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onMove(task, null)}>Remove date</DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

function PickDateDialog({ task, initial, onClose, onMove }: { task: Task | null; initial: IsoDay; onClose: () => void; onMove: (task: Task, day: IsoDay) => void }) {
  const [day, setDay] = useState(initial)
  return (
    <Dialog open={!!task} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-sm">
        <DialogTitle>Move to…</DialogTitle>
        <DialogDescription>{task?.title}</DialogDescription>
        <input
          type="date"
          aria-label="Date"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          className="h-9 rounded-md border bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!/^\d{4}-\d{2}-\d{2}$/.test(day)}
            onClick={() => {
              if (task) onMove(task, day)
              onClose()
            }}
          >
            Move
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** 390 px: the month as a list of its days with tasks, each with Move to… */
function Agenda({
  days,
  byDay,
  unscheduled,
  today,
  onOpen,
  onMove,
  onPick,
}: {
  days: IsoDay[]
  byDay: Map<IsoDay, CalendarEntry[]>
  unscheduled: readonly Task[]
  today: IsoDay
  onOpen: Open
  onMove: (task: Task, day: IsoDay | null) => void
  onPick: (task: Task) => void
}) {
  const shown = days.filter((d) => byDay.has(d) || d === today)
  const row = (task: Task, key: string, label: string, time: string | null, projected: boolean) => (
    <li key={key} className="flex items-center gap-2 border-b py-1.5 last:border-b-0">
      <button
        type="button"
        onClick={() => onOpen(task)}
        aria-label={label}
        className={cn('flex min-w-0 flex-1 items-center gap-2 rounded-sm py-1 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring', projected && 'text-muted-foreground')}
      >
        <ChipBody entry={{ task, time, occurrence: 0 }} />
      </button>
      {projected ? null : <MoveMenu task={task} today={today} onMove={onMove} onPick={onPick} />}
    </li>
  )
  return (
    <div className="grid gap-4 p-4">
      {shown.length === 0 ? <p className="text-sm text-muted-foreground">Nothing is due this month.</p> : null}
      {shown.map((d) => (
        <section key={d} aria-label={dayLabel(d)}>
          <h2 className={cn('mb-1 text-sm font-semibold', d === today && 'text-primary')}>
            {dayLabel(d)}
            {d === today ? ' · Today' : ''}
          </h2>
          <ul className="rounded-lg border px-3">
            {(byDay.get(d) ?? []).map((e) =>
              row(e.task, `${e.task.id}:${e.occurrence}`, e.occurrence ? `${e.task.title}, repeats on ${dayLabel(d)}` : `${e.task.title}, ${dayLabel(d)}`, e.time, e.occurrence > 0),
            )}
            {!byDay.has(d) ? <li className="py-2 text-xs text-muted-foreground">Nothing due today.</li> : null}
          </ul>
        </section>
      ))}
      <section aria-label="Unscheduled">
        <h2 className="mb-1 flex items-center gap-2 text-sm font-semibold">
          <Tray aria-hidden size={16} /> Unscheduled
        </h2>
        {unscheduled.length ? (
          <ul className="rounded-lg border px-3">{unscheduled.map((t) => row(t, t.id, `${t.title}, unscheduled`, null, false))}</ul>
        ) : (
          <p className="text-xs text-muted-foreground">Every open task has a date.</p>
        )}
      </section>
    </div>
  )
}

/**
 * /app/calendar (issue 26): the open tasks on a month in the user's time
 * zone, recurring ones on each occurrence the server will create. Dragging
 * a task to a day (pointer, or keyboard: space, arrows, space) moves its
 * date and keeps its time of day; the tray holds the tasks without a date.
 * On narrow screens the month is an agenda with a Move to… menu.
 */
export function CalendarScreen() {
  const user = useRequiredUser()
  const tasks = useAccessibleTasks(user.id)
  const { zone, fromPreference } = useTaskZone(user.id)
  const update = useUpdateTask(user.id, fromPreference ? {} : { timeZone: zone })
  const mobile = useMediaQuery(MOBILE_QUERY)
  const [params, setParams] = useSearchParams()
  const today = todayIn(zone)
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month'
  const requested = params.get('month')
  const requestedDay = params.get('date')
  // Week view: ?view=week&date=yyyy-MM-dd (any day of the week; today when absent).
  const focus: IsoDay = isIsoDay(requestedDay) ? requestedDay : today
  const month: IsoMonth = view === 'week' ? monthOf(focus) : isIsoMonth(requested) ? requested : monthOf(today)
  const weeks = useMemo(() => monthGrid(month), [month])
  // 390 px: three days from the focused day; wider: its week from Sunday.
  const weekDaysShown = useMemo(() => (mobile ? daysFrom(focus, 3) : weekDays(focus)), [mobile, focus])
  const from = view === 'week' ? (weekDaysShown[0] ?? focus) : (weeks[0]?.[0] ?? `${month}-01`)
  const to = view === 'week' ? (weekDaysShown.at(-1) ?? focus) : (weeks.at(-1)?.at(-1) ?? `${month}-28`)
  const projects = useProjects(user.id)
  // Archived projects' tasks leave the calendar as they leave the task views (0650).
  const archived = useMemo(() => new Set((projects.data ?? []).filter((p) => p.is_archived).map((p) => p.id)), [projects.data])
  // Bucketed by day once per task list; a step to another month or week only reads the days shown.
  const index = useMemo(() => calendarIndex(tasks.data ?? [], zone, archived), [tasks.data, zone, archived])
  const byDay = useMemo(() => calendarRange(index, from, to, zone), [index, from, to, zone])
  const unscheduled = index.unscheduled
  const [editing, setEditing] = useState<string | null>(null)
  const [picking, setPicking] = useState<Task | null>(null)
  const [dragged, setDragged] = useState<Task | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dayKeys(from, weeks.length * 7, monthOf(today) === month ? today : `${month}-01`) }),
  )

  const navigate = (change: (p: URLSearchParams) => void) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        change(next)
        return next
      },
      { replace: true },
    )
  const goMonth = (m: IsoMonth) =>
    navigate((p) => {
      if (m === monthOf(today)) p.delete('month')
      else p.set('month', m)
    })
  const goDay = (d: IsoDay) =>
    navigate((p) => {
      if (d === today) p.delete('date')
      else p.set('date', d)
    })
  const stepDays = mobile ? 3 : 7
  const go = {
    today: () => (view === 'week' ? goDay(today) : goMonth(monthOf(today))),
    previous: () => (view === 'week' ? goDay(addDays(focus, -stepDays)) : goMonth(addMonths(month, -1))),
    next: () => (view === 'week' ? goDay(addDays(focus, stepDays)) : goMonth(addMonths(month, 1))),
    toggle: () => setView(view === 'week' ? 'month' : 'week'),
  }
  // The week shown is the month's when its month is this one, else its first week; the month is the week's.
  const setView = (v: CalendarView) =>
    navigate((p) => {
      if (v === view) return
      if (v === 'week') {
        p.set('view', 'week')
        p.delete('month')
        if (month !== monthOf(today)) p.set('date', `${month}-01`)
      } else {
        p.delete('view')
        p.delete('date')
        if (month !== monthOf(today)) p.set('month', month)
      }
    })
  const latestGo = useRef(go)
  latestGo.current = go
  // t today, [ and ] previous and next, v month ↔ week — off while typing or while a dialog is open.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTypingTarget(e.target)) return
      if (document.querySelector('[role="dialog"], [role="menu"]')) return
      const run = { t: latestGo.current.today, '[': latestGo.current.previous, ']': latestGo.current.next, v: latestGo.current.toggle }[e.key]
      if (!run) return
      e.preventDefault()
      run()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const onOpen = useCallback((task: Task) => setEditing(task.id), [])
  const { mutate } = update
  const onUpdate = useCallback((id: string, patch: TaskPatch) => mutate({ id, patch }), [mutate])
  const unit = view === 'month' ? 'month' : mobile ? '3 days' : 'week'
  const move = (task: Task, day: IsoDay | null) => {
    const patch = reschedule(task, day, zone)
    if (patch) update.mutate({ id: task.id, patch })
  }
  const onDragStart = ({ active }: DragStartEvent) => setDragged((active.data.current?.task as Task | undefined) ?? null)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null)
    const task = active.data.current?.task as Task | undefined
    if (!task || !over) return
    const day = over.data.current?.day as IsoDay | undefined
    if (over.id === TRAY) move(task, null)
    else if (day) move(task, day)
  }
  const titleOf = (id: string | number) => tasks.data?.find((t) => t.id === id)?.title ?? 'Task'
  const placeOf = (over: Over | null) => {
    const day = over?.data.current?.day as IsoDay | undefined
    return !over ? 'nowhere' : over.id === TRAY ? 'Unscheduled' : day ? dayLabel(day) : String(over.id)
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ active, over }) => `${titleOf(active.id)} is over ${placeOf(over)}.`,
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} moved to ${placeOf(over)}.` : `${titleOf(active.id)} was dropped nowhere.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  }

  const days = weeks.flat()
  return (
    <div>
      <PageHeader
        title="Calendar"
        description={mobile ? undefined : view === 'week' ? 'Drag a task to another day or time, or its bottom edge to change how long it takes.' : 'Drag a task to another day, or from Unscheduled onto a day.'}
        actions={
          <>
            <div role="group" aria-label="Calendar view" className="flex rounded-md border p-0.5">
              {(['month', 'week'] as const).map((v) => (
                <Button
                  key={v}
                  variant={view === v ? 'secondary' : 'ghost'}
                  size="sm"
                  className="h-7 px-2.5"
                  aria-pressed={view === v}
                  aria-keyshortcuts="V"
                  onClick={() => setView(v)}
                >
                  {v === 'month' ? 'Month' : mobile ? '3 days' : 'Week'}
                </Button>
              ))}
            </div>
            <Button variant="outline" size="sm" aria-keyshortcuts="T" onClick={go.today}>
              Today
            </Button>
            <Button variant="ghost" size="icon-sm" aria-label={`Previous ${unit}`} aria-keyshortcuts="[" onClick={go.previous}>
              <CaretLeft aria-hidden size={16} />
            </Button>
            <Button variant="ghost" size="icon-sm" aria-label={`Next ${unit}`} aria-keyshortcuts="]" onClick={go.next}>
              <CaretRight aria-hidden size={16} />
            </Button>
          </>
        }
      />
      <h2 className="px-4 pt-3 text-lg font-semibold md:px-6" aria-live="polite">
        {view === 'week' ? rangeTitle(from, to) : monthTitle.format(noon(`${month}-01`))}
      </h2>
      {tasks.isPending ? (
        <div className="grid gap-3 p-4 md:grid-cols-[1fr_15rem] md:p-6">
          <Skeleton className="h-[36rem]" />
          <Skeleton className="hidden h-40 md:block" />
        </div>
      ) : view === 'week' ? (
        <WeekView days={weekDaysShown} byDay={byDay} unscheduled={unscheduled} today={today} zone={zone} onOpen={onOpen} onUpdate={onUpdate} />
      ) : mobile ? (
        <Agenda days={days.filter((d) => monthOf(d) === month)} byDay={byDay} unscheduled={unscheduled} today={today} onOpen={onOpen} onMove={move} onPick={setPicking} />
      ) : (
        <DndContext
          sensors={sensors}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: 'Press space to pick the task up, arrow keys to move it to another day, space to drop it, escape to cancel.' },
          }}
        >
          <div className="grid items-start gap-4 p-4 md:p-6 lg:grid-cols-[1fr_15rem]">
            <div className="overflow-hidden rounded-lg border-l border-t" role="group" aria-label={`Month of ${monthTitle.format(noon(`${month}-01`))}`}>
              <div className="grid grid-cols-7 border-b border-r bg-muted/40 text-xs font-medium text-muted-foreground" aria-hidden>
                {WEEKDAYS.map((w) => (
                  <span key={w} className="px-2 py-1.5">
                    {w}
                  </span>
                ))}
              </div>
              <div className="grid grid-cols-7" data-testid="calendar-grid">
                {/* Keyed by place, not date: a new month re-renders the 42 cells instead of remounting them (and re-registering their drop zones). */}
                {days.map((d, i) => (
                  <DayCell key={i} index={i} day={d} entries={byDay.get(d) ?? NONE} inMonth={monthOf(d) === month} today={d === today} onOpen={onOpen} />
                ))}
              </div>
            </div>
            <UnscheduledTray tasks={unscheduled} onOpen={onOpen} />
          </div>
          <DragOverlay dropAnimation={null}>
            {dragged ? (
              <div className={cn(chipClass, 'w-48 border bg-card shadow-lg')}>
                <ChipBody entry={{ task: dragged, time: null, occurrence: 0 }} />
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
      <PickDateDialog key={picking?.id ?? 'none'} task={picking} initial={picking?.due_date ?? today} onClose={() => setPicking(null)} onMove={move} />
      {editing ? (
        <Suspense fallback={null}>
          <TaskEditModal taskId={editing} onClose={() => setEditing(null)} onVanished={() => setEditing(null)} timeZone={fromPreference ? undefined : zone} />
        </Suspense>
      ) : null}
    </div>
  )
}

const NONE: readonly CalendarEntry[] = []

type CalendarView = 'month' | 'week'

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
/** "November 22 – November 28, 2026" (Intl's range format). */
function rangeTitle(from: IsoDay, to: IsoDay): string {
  return shortDay.formatRange(noon(from), noon(to))
}
