import { useDraggable, useDroppable } from '@dnd-kit/core'
import { ArrowsClockwise, Tray } from '@phosphor-icons/react'
import { type ReactNode, memo, useState } from 'react'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { cn } from '@/lib/cn'
import type { Task } from '../types'
import type { IsoDay } from '../utils/dates'
import { priorityOption } from '../utils/priority'
import type { CalendarEntry } from './calendar'

/** What the month and the week views share: chips, labels, the Unscheduled tray. */

export const TRAY = 'tray'

export const noon = (day: IsoDay) => new Date(`${day}T12:00:00Z`)
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })
export const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const labels = new Map<IsoDay, string>()
/** "Tuesday, December 1": every chip's accessible name has one, so each day is formatted once. */
export function dayLabel(day: IsoDay): string {
  let label = labels.get(day)
  if (label === undefined) {
    label = longDay.format(noon(day))
    labels.set(day, label)
  }
  return label
}

/** 'HH:mm' as the app shows times: 9:30 AM. */
export function clock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`
}

export type Open = (task: Task) => void

export function ChipBody({ entry }: { entry: { task: Task; time: string | null; occurrence: number } }) {
  const p = priorityOption(entry.task.priority)
  return (
    <>
      <span aria-hidden className={cn('size-1.5 shrink-0 rounded-full bg-current', p.tone)} />
      {entry.time ? <span className="shrink-0 tabular-nums text-muted-foreground">{clock(entry.time)}</span> : null}
      <span className="min-w-0 truncate">{entry.task.title}</span>
      {entry.task.recurrence ? <ArrowsClockwise aria-hidden size={11} className="shrink-0 text-muted-foreground" /> : null}
    </>
  )
}

export const chipClass =
  'flex w-full min-w-0 items-center gap-1.5 rounded-sm px-1.5 py-0.5 text-left text-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring'

/** A task on its own day (or in the tray): drag it elsewhere, click to edit. */
export const DraggableChip = memo(function DraggableChip({
  entry,
  onOpen,
  where,
}: {
  entry: { task: Task; time: string | null; occurrence: number }
  onOpen: Open
  where: string
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: entry.task.id, data: { task: entry.task } })
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        {...listeners}
        {...attributes}
        onClick={() => onOpen(entry.task)}
        aria-label={`${entry.task.title}${entry.time ? ` at ${clock(entry.time)}` : ''}, ${where}`}
        className={cn(chipClass, 'cursor-grab touch-none border bg-card shadow-xs', isDragging && 'opacity-40')}
      >
        <ChipBody entry={entry} />
      </button>
    </li>
  )
})

/** A projected repeat: shown, opens the task, but is not the row itself so it does not move. */
export const OccurrenceChip = memo(function OccurrenceChip({ entry, onOpen }: { entry: CalendarEntry; onOpen: Open }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(entry.task)}
        aria-label={`${entry.task.title}, repeats on ${dayLabel(entry.day)}`}
        className={cn(chipClass, 'border border-dashed text-muted-foreground')}
      >
        <ChipBody entry={entry} />
      </button>
    </li>
  )
})

export function UnscheduledTray({ tasks, onOpen }: { tasks: readonly Task[]; onOpen: Open }) {
  const { setNodeRef, isOver } = useDroppable({ id: TRAY })
  return (
    <section
      ref={setNodeRef}
      aria-label="Unscheduled"
      className={cn('flex min-h-40 flex-col gap-2 rounded-lg border bg-muted/30 p-3', isOver && 'ring-2 ring-primary')}
    >
      <header className="flex items-center gap-2">
        <Tray aria-hidden size={16} className="text-muted-foreground" />
        <h2 className="text-sm font-semibold">Unscheduled</h2>
        <span className="ml-auto text-xs text-muted-foreground" aria-label={`${tasks.length} unscheduled tasks`}>
          {tasks.length}
        </span>
      </header>
      {tasks.length === 0 ? (
        <p className="text-xs text-muted-foreground">Every open task has a date. Drag one here to take its date away.</p>
      ) : (
        <ul className="grid max-h-[60vh] gap-1 overflow-y-auto">
          {tasks.map((t) => (
            <DraggableChip key={t.id} entry={{ task: t, time: null, occurrence: 0 }} onOpen={onOpen} where="unscheduled" />
          ))}
        </ul>
      )}
    </section>
  )
}


const moreClass = 'rounded-sm px-1.5 text-left text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring'

/**
 * "+N more" under a busy day, and the popover with all its chips (label
 * names the popover, title heads it). The popover is mounted from the
 * first click on: each Radix popover measures its anchor and updates its
 * state when it mounts, and a month step would otherwise mount one per
 * busy day (28 for a month of 1,000 tasks) that nobody opened.
 */
export function MoreChips({ more, label, title, chips }: { more: number; label: string; title: string; chips: () => ReactNode }) {
  const [used, setUsed] = useState(false)
  const [open, setOpen] = useState(false)
  if (!used)
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={false}
        className={moreClass}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        +{more} more
      </button>
    )
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button type="button" className={moreClass}>
          +{more} more
        </button>
      </PopoverTrigger>
      <PopoverContent className="max-h-80 w-64 overflow-y-auto p-2" aria-label={label}>
        <p className="mb-1 px-1 text-xs font-medium">{title}</p>
        <ul className="grid gap-0.5">{chips()}</ul>
      </PopoverContent>
    </Popover>
  )
}
