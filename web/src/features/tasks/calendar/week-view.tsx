import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { ArrowsClockwise } from '@phosphor-icons/react'
import { type KeyboardEvent, type PointerEvent, memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { cn } from '@/lib/cn'
import type { TaskPatch } from '../api/update-task'
import type { Task } from '../types'
import type { IsoDay } from '../utils/dates'
import { priorityOption } from '../utils/priority'
import { type CalendarEntry, reschedule } from './calendar'
import { ChipBody, DraggableChip, MoreChips, type Open, OccurrenceChip, TRAY, UnscheduledTray, chipClass, clock, dayLabel, noon } from './calendar-parts'
import { type Block, MAX_DURATION, MIN_DURATION, SNAP_MINUTES, durationOf, layoutDay, minutesAtOffset, nowMinutes, resizedDuration, scheduleAt, snap, timeOfMinutes } from './week'

/** Pixels an hour of the time grid is tall (a 15-minute snap is 12 px). */
export const HOUR_HEIGHT = 48
const H = HOUR_HEIGHT
/** The shortest a block is drawn, so a 15-minute task stays grabbable and legible. */
const MIN_BLOCK_PX = 20
/** Pixels kept above the first hour shown, for the top half of its label. */
const LABEL_ROOM = 10
const HOURS = Array.from({ length: 24 }, (_, h) => h)
const weekdayShort = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' })

const allDayId = (day: IsoDay) => `allday:${day}`
const timeId = (day: IsoDay) => `time:${day}`

type Update = (id: string, patch: TaskPatch) => void

function span(start: number, end: number): string {
  return `${clock(timeOfMinutes(start))} to ${clock(timeOfMinutes(Math.min(end, 1439)))}`
}

/** The keyboard drag: arrows up and down move 15 minutes, left and right a day. */
const gridKeys =
  (firstDay: IsoDay): KeyboardCoordinateGetter =>
  (event, { currentCoordinates, context: { droppableRects } }) => {
    const width = droppableRects.get(timeId(firstDay))?.width ?? 120
    const step = { ArrowUp: [0, -H / 4], ArrowDown: [0, H / 4], ArrowLeft: [-width, 0], ArrowRight: [width, 0] }[event.code]
    if (!step) return undefined
    event.preventDefault()
    return { x: currentCoordinates.x + (step[0] ?? 0), y: currentCoordinates.y + (step[1] ?? 0) }
  }

/** The pointer decides where a mouse drop lands (a tall block must not fall into the column under the all-day row); keyboard drags go by overlap. */
const collisions: CollisionDetection = (args) => {
  const hits = pointerWithin(args)
  return hits.length ? hits : rectIntersection(args)
}

const TimedBlock = memo(function TimedBlock({ block, onOpen, onResize }: { block: Block; onOpen: Open; onResize: (task: Task, minutes: number) => void }) {
  const { task, occurrence, day } = block.entry
  const own = occurrence === 0
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: task.id, data: { task }, disabled: !own })
  const [previewEnd, setPreviewEnd] = useState<number | null>(null)
  const drag = useRef<{ y: number; end: number } | null>(null)
  const end = previewEnd ?? block.end
  const minutes = durationOf(task)
  const p = priorityOption(task.priority)
  const label = `${task.title}, ${span(block.start, end)}, ${own ? '' : 'repeats on '}${dayLabel(day)}`

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.stopPropagation()
    e.preventDefault()
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { y: e.clientY, end: block.end }
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (!d) return
    const next = block.start + resizedDuration(block.start, d.end + ((e.clientY - d.y) / H) * 60)
    setPreviewEnd(next)
  }
  const onPointerUp = () => {
    const d = drag.current
    drag.current = null
    if (!d || previewEnd === null) return setPreviewEnd(null)
    const next = previewEnd - block.start
    setPreviewEnd(null)
    if (next !== minutes) onResize(task, next)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowUp: -SNAP_MINUTES, ArrowDown: SNAP_MINUTES, ArrowLeft: -SNAP_MINUTES, ArrowRight: SNAP_MINUTES }[e.key]
    if (!step) return
    e.preventDefault()
    const next = Math.max(MIN_DURATION, Math.min(MAX_DURATION, 1440 - block.start, snap(minutes) + step))
    if (next !== minutes) onResize(task, next)
  }

  const height = Math.max(MIN_BLOCK_PX, ((end - block.start) / 60) * H - 2)
  // Room for a second line (the time, or the rest of a wrapped title) from 45 minutes.
  const tall = end - block.start >= 45
  return (
    <div
      ref={setNodeRef}
      data-testid="calendar-block"
      style={{
        top: (block.start / 60) * H + 1,
        height,
        left: `calc(${(block.lane / block.lanes) * 100}% + 2px)`,
        width: `calc(${100 / block.lanes}% - 4px)`,
      }}
      className={cn(
        'group @container absolute z-10 overflow-hidden rounded-md border text-xs shadow-xs',
        own ? 'bg-card' : 'border-dashed bg-muted/70 text-muted-foreground',
        isDragging && 'opacity-40',
        previewEnd !== null && 'z-20 ring-2 ring-primary',
      )}
    >
      <span aria-hidden className={cn('absolute inset-y-0 left-0 w-1 bg-current', p.tone)} />
      <button
        type="button"
        {...(own ? listeners : {})}
        {...(own ? attributes : {})}
        onClick={() => onOpen(task)}
        aria-label={label}
        title={`${task.title}\n${span(block.start, end).replace(' to ', ' – ')}`}
        className={cn(
          'flex size-full min-w-0 flex-col items-start overflow-hidden rounded-md py-0.5 pl-2 pr-1 text-left outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
          own && 'cursor-grab touch-none',
        )}
      >
        {/* The title first, whole words wrapping in a narrow block (two overlapping tasks share a column); the time only where it fits, else in the tooltip. */}
        <span className="flex w-full min-w-0 items-start gap-1">
          <span className={cn('min-w-0 font-medium break-words [overflow-wrap:anywhere]', tall ? 'line-clamp-2 @min-[8rem]:line-clamp-1' : 'line-clamp-1')}>{task.title}</span>
          {task.recurrence ? <ArrowsClockwise aria-hidden size={11} className="mt-0.5 shrink-0 text-muted-foreground @max-[4rem]:hidden" /> : null}
        </span>
        {tall ? (
          <span className="hidden truncate tabular-nums text-muted-foreground @min-[5rem]:block">
            <span className="@min-[8rem]:hidden">{clock(timeOfMinutes(block.start))}</span>
            <span className="hidden @min-[8rem]:inline">{span(block.start, end).replace(' to ', ' – ')}</span>
          </span>
        ) : null}
      </button>
      {own ? (
        <div
          role="slider"
          tabIndex={0}
          aria-label={`Duration of ${task.title}`}
          aria-valuemin={MIN_DURATION}
          aria-valuemax={MAX_DURATION}
          aria-valuenow={previewEnd === null ? minutes : previewEnd - block.start}
          aria-valuetext={`${previewEnd === null ? minutes : previewEnd - block.start} minutes`}
          aria-orientation="vertical"
          data-testid="calendar-resize"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null
            setPreviewEnd(null)
          }}
          onKeyDown={onKeyDown}
          className="absolute inset-x-0 bottom-0 h-2 cursor-ns-resize touch-none outline-none after:absolute after:inset-x-1/3 after:bottom-0.5 after:h-0.5 after:rounded-full after:bg-muted-foreground/60 after:opacity-0 group-hover:after:opacity-100 focus-visible:bg-primary/30 focus-visible:after:opacity-100"
        />
      ) : null}
    </div>
  )
})

/** All-day chips a day shows before "+N more" (the month's rule: a busy day stays one row tall). */
const ALL_DAY_VISIBLE = 3

const AllDayCell = memo(function AllDayCell({ day, entries, onOpen }: { day: IsoDay; entries: readonly CalendarEntry[]; onOpen: Open }) {
  const { setNodeRef, isOver } = useDroppable({ id: allDayId(day) })
  const chip = (e: CalendarEntry) =>
    e.occurrence === 0 ? (
      <DraggableChip key={`${e.task.id}:0`} entry={e} onOpen={onOpen} where={dayLabel(day)} />
    ) : (
      <OccurrenceChip key={`${e.task.id}:${e.occurrence}`} entry={e} onOpen={onOpen} />
    )
  const more = entries.length - ALL_DAY_VISIBLE
  return (
    <section
      ref={setNodeRef}
      aria-label={`All day, ${dayLabel(day)}`}
      className={cn('min-h-10 min-w-0 border-l p-1', isOver && 'bg-primary/10 ring-2 ring-inset ring-primary')}
    >
      <ul className="grid gap-0.5">{entries.slice(0, ALL_DAY_VISIBLE).map(chip)}</ul>
      {more > 0 ? (
        <MoreChips more={more} label={`All day on ${dayLabel(day)}`} title={dayLabel(day)} chips={() => entries.map(chip)} />
      ) : null}
    </section>
  )
})

const DayColumn = memo(function DayColumn({
  day,
  entries,
  now,
  onOpen,
  onResize,
  register,
}: {
  day: IsoDay
  entries: readonly CalendarEntry[]
  /** Minutes since midnight when this column is today; null otherwise. */
  now: number | null
  onOpen: Open
  onResize: (task: Task, minutes: number) => void
  register: (day: IsoDay, el: HTMLElement | null) => void
}) {
  const { setNodeRef, isOver } = useDroppable({ id: timeId(day) })
  const blocks = useMemo(() => layoutDay(entries), [entries])
  return (
    <section
      ref={(el) => {
        setNodeRef(el)
        register(day, el)
      }}
      aria-label={dayLabel(day)}
      data-day={day}
      className={cn('relative min-w-0 border-l', isOver && 'bg-primary/5')}
      style={{ height: 24 * H }}
    >
      {HOURS.map((h) => (
        <div key={h} aria-hidden className="absolute inset-x-0 border-t border-border/60" style={{ top: h * H }} />
      ))}
      {blocks.map((b) => (
        <TimedBlock key={`${b.entry.task.id}:${b.entry.occurrence}`} block={b} onOpen={onOpen} onResize={onResize} />
      ))}
      {now !== null ? (
        <div aria-hidden data-testid="calendar-now" className="pointer-events-none absolute inset-x-0 z-30 h-0.5 bg-red-500" style={{ top: (now / 60) * H }}>
          <span className="absolute -left-1 -top-1 size-2.5 rounded-full bg-red-500" />
        </div>
      ) : null}
    </section>
  )
})

/**
 * The week (or, on a narrow screen, three days) as a time grid: an all-day
 * row for dated tasks without a time, then 24 hours where timed tasks sit
 * at their time, as tall as they last, overlapping ones side by side.
 * Drag a task to another day or time (15-minute snap), between the all-day
 * row and the grid, from or to the Unscheduled tray; drag a block's bottom
 * edge (or focus it and press the arrows) to change its duration.
 */
export function WeekView({
  days,
  byDay,
  unscheduled,
  today,
  zone,
  onOpen,
  onUpdate,
}: {
  days: IsoDay[]
  byDay: Map<IsoDay, CalendarEntry[]>
  unscheduled: readonly Task[]
  today: IsoDay
  zone: string
  onOpen: Open
  onUpdate: Update
}) {
  const [dragged, setDragged] = useState<{ task: Task; width: number; height: number } | null>(null)
  const [now, setNow] = useState(() => nowMinutes(zone))
  const scroller = useRef<HTMLDivElement>(null)
  const columns = useRef(new Map<IsoDay, HTMLElement>())
  const first = days[0] ?? today
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: gridKeys(first) }))

  useEffect(() => {
    const id = window.setInterval(() => setNow(nowMinutes(zone)), 60_000)
    return () => window.clearInterval(id)
  }, [zone])
  const showsToday = days.includes(today)
  // Scrolled to an hour before now on this week, else to 7 AM — a little
  // above it, so that hour's label (centred on its line) shows whole.
  useLayoutEffect(() => {
    const el = scroller.current
    if (el) el.scrollTop = Math.max(0, ((showsToday ? nowMinutes(zone) - 60 : 7 * 60) / 60) * H - LABEL_ROOM)
  }, [first, showsToday, zone])

  const register = useMemo(
    () => (day: IsoDay, el: HTMLElement | null) => {
      if (el) columns.current.set(day, el)
      else columns.current.delete(day)
    },
    [],
  )
  const latest = useRef(onUpdate)
  latest.current = onUpdate
  const onResize = useMemo(() => (task: Task, minutes: number) => latest.current(task.id, { duration_minutes: minutes }), [])

  const write = (task: Task, patch: TaskPatch | null) => {
    if (patch) onUpdate(task.id, patch)
  }
  const onDragStart = ({ active }: DragStartEvent) => {
    const task = active.data.current?.task as Task | undefined
    const rect = active.rect.current.initial
    setDragged(task ? { task, width: rect?.width ?? 160, height: rect?.height ?? 24 } : null)
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null)
    const task = active.data.current?.task as Task | undefined
    if (!task || !over) return
    const target = String(over.id)
    if (target === TRAY) return write(task, reschedule(task, null, zone))
    if (target.startsWith('allday:')) return write(task, scheduleAt(task, target.slice(7), null, zone))
    if (!target.startsWith('time:')) return
    const day = target.slice(5)
    const column = columns.current.get(day)
    const top = active.rect.current.translated?.top
    if (!column || top === undefined) return
    write(task, scheduleAt(task, day, minutesAtOffset(top - column.getBoundingClientRect().top, H), zone))
  }

  const titleOf = (id: string | number) => (dragged?.task.id === id ? dragged.task.title : 'Task')
  const placeOf = (id: string | number | undefined) => {
    const s = id === undefined ? '' : String(id)
    if (s === TRAY) return 'Unscheduled'
    if (s.startsWith('allday:')) return `all day on ${dayLabel(s.slice(7))}`
    if (s.startsWith('time:')) return dayLabel(s.slice(5))
    return 'nowhere'
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ active, over }) => `${titleOf(active.id)} is over ${placeOf(over?.id)}.`,
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} moved to ${placeOf(over.id)}.` : `${titleOf(active.id)} was dropped nowhere.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  }

  const cols = { gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      // Only the time grid scrolls under a drag, and only near its edges: the page staying
      // still keeps the drop where the pointer aims (a drag in from the tray or the all-day
      // row crosses the grid's top edge).
      autoScroll={{ canScroll: (el) => el === scroller.current, threshold: { x: 0, y: 0.08 } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'Press space to pick the task up, arrow keys up and down to move it by 15 minutes, left and right to another day, space to drop it, escape to cancel.',
        },
      }}
    >
      <div className="grid items-start gap-4 p-4 md:p-6 lg:grid-cols-[1fr_15rem]">
        <div className="min-w-0 overflow-hidden rounded-lg border" role="group" aria-label={`Days from ${dayLabel(first)} to ${dayLabel(days.at(-1) ?? first)}`}>
          <div className="grid border-b bg-muted/40 text-xs" style={cols}>
            <span />
            {days.map((d) => (
              <span key={d} className="flex items-center justify-center gap-1.5 border-l px-1 py-1.5 font-medium text-muted-foreground" aria-hidden>
                {weekdayShort.format(noon(d))}
                <span
                  className={cn('grid size-6 place-items-center rounded-full tabular-nums text-foreground', d === today && 'bg-primary font-semibold text-primary-foreground')}
                  aria-current={d === today ? 'date' : undefined}
                >
                  {Number(d.slice(8))}
                </span>
              </span>
            ))}
          </div>
          <div className="grid border-b" style={cols} data-testid="calendar-all-day">
            <span className="self-center px-1 text-right text-[11px] text-muted-foreground">All day</span>
            {days.map((d) => (
              <AllDayCell key={d} day={d} entries={allDayOf(byDay.get(d))} onOpen={onOpen} />
            ))}
          </div>
          <div ref={scroller} className="max-h-[calc(100dvh-17rem)] min-h-96 overflow-y-auto" data-testid="calendar-time-grid">
            <div className="grid" style={cols}>
              <div className="relative" aria-hidden style={{ height: 24 * H }}>
                {HOURS.slice(1).map((h) => (
                  <span key={h} className="absolute right-1.5 -translate-y-1/2 text-[11px] tabular-nums text-muted-foreground" style={{ top: h * H }}>
                    {h % 12 || 12} {h < 12 ? 'AM' : 'PM'}
                  </span>
                ))}
              </div>
              {days.map((d) => (
                <DayColumn key={d} day={d} entries={byDay.get(d) ?? NONE} now={d === today ? now : null} onOpen={onOpen} onResize={onResize} register={register} />
              ))}
            </div>
          </div>
        </div>
        <UnscheduledTray tasks={unscheduled} onOpen={onOpen} />
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged ? (
          dragged.task.due_time ? (
            <div style={{ width: dragged.width, height: dragged.height }} className="overflow-hidden rounded-md border bg-card px-2 py-0.5 text-xs font-medium shadow-lg">
              {dragged.task.title}
            </div>
          ) : (
            <div className={cn(chipClass, 'w-40 border bg-card shadow-lg')}>
              <ChipBody entry={{ task: dragged.task, time: null, occurrence: 0 }} />
            </div>
          )
        ) : null}
      </DragOverlay>
    </DndContext>
  )
}

const NONE: readonly CalendarEntry[] = []
const allDayCache = new WeakMap<readonly CalendarEntry[], readonly CalendarEntry[]>()
/** A day's entries without a time, the same array while the day's entries are (so the memoized cell keeps still). */
function allDayOf(entries: readonly CalendarEntry[] | undefined): readonly CalendarEntry[] {
  if (!entries) return NONE
  let out = allDayCache.get(entries)
  if (!out) {
    out = entries.filter((e) => e.time === null)
    allDayCache.set(entries, out)
  }
  return out
}
