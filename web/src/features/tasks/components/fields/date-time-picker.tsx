import { CalendarBlank, CaretLeft, CaretRight, Clock, X } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { cn } from '@/lib/cn'
import {
  type IsoDay,
  TIME_QUICK_PICKS,
  addDays,
  addMonths,
  dayIn,
  displayTime,
  dueLabel,
  fromTwelveHour,
  instantOf,
  monthGrid,
  monthTitle,
  relativeDay,
  timeIn,
  toTwelveHour,
  weekday,
} from '../../utils/dates'

export type DueValue = { due_date: string | null; due_time: string | null; reminders: number[] }

type Props = {
  value: DueValue
  onChange: (value: Partial<DueValue>) => void
  zone: string
  today: IsoDay
  /** The day a time set without a date goes to (tasks.creation.defaultDateForTime). */
  dayForTime: IsoDay
}

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']

/**
 * The date and time picker (001 §2, §4, §5): quick days, a month calendar,
 * a time typed in 12-hour form (hour 1–12, two-digit minutes, AM or PM;
 * stored 24-hour) or picked every 30 minutes. A time without a date takes
 * the day of tasks.creation.defaultDateForTime; clearing the time also
 * clears the reminders.
 */
export function DateTimePicker({ value, onChange, zone, today, dayForTime }: Props) {
  const [open, setOpen] = useState(false)
  const day = value.due_date ?? (value.due_time ? dayIn(zone, value.due_time) : null)
  const time = value.due_time ? timeIn(zone, value.due_time) : ''
  const [month, setMonth] = useState<IsoDay>(day ?? today)
  const parts = toTwelveHour(time || '09:00')
  const [hour, setHour] = useState(time ? parts.hour : '')
  const [minutes, setMinutes] = useState(time ? parts.minutes : '')
  const [meridiem, setMeridiem] = useState<string>(parts.meridiem)
  const [timeError, setTimeError] = useState<string | null>(null)

  const label = dueLabel({ ...value, is_completed: false }, zone)

  const setDay = (d: IsoDay | null) => {
    if (!d) {
      onChange({ due_date: null, due_time: null, reminders: [] })
      setOpen(false)
      return
    }
    onChange({ due_date: d, due_time: time ? instantOf(d, time, zone) : null })
    setMonth(d)
  }

  const setTime = (t: string) => {
    const d = day ?? dayForTime
    onChange({ due_date: d, due_time: instantOf(d, t, zone) })
    const p = toTwelveHour(t)
    setHour(p.hour)
    setMinutes(p.minutes)
    setMeridiem(p.meridiem)
    setTimeError(null)
  }

  const clearTime = () => {
    onChange({ due_time: null, reminders: [] })
    setHour('')
    setMinutes('')
    setTimeError(null)
  }

  const submitTime = (e: FormEvent) => {
    e.preventDefault()
    const t = fromTwelveHour(hour, minutes, meridiem)
    if (!t) {
      setTimeError('Enter an hour from 1 to 12 and two-digit minutes, e.g. 9:30 AM')
      return
    }
    setTime(t)
  }

  const nextMonday = addDays(today, ((8 - weekday(today)) % 7) || 7)
  const quick: [string, IsoDay | null][] = [
    ['Today', today],
    ['Tomorrow', addDays(today, 1)],
    ['Next week', nextMonday],
    ['No date', null],
  ]

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (o) setMonth(day ?? today)
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className={cn('justify-start font-normal', label?.tone === 'overdue' && 'text-red-600 dark:text-red-400')}
          aria-label={label ? `Due ${label.text}. Change date and time` : 'Add a due date'}
        >
          <CalendarBlank size={16} aria-hidden />
          {label ? label.text : 'Add date'}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80" aria-label="Date and time">
        <div className="grid grid-cols-4 gap-1">
          {quick.map(([text, d]) => (
            <Button key={text} variant={d === day ? 'secondary' : 'ghost'} size="sm" className="px-1" onClick={() => setDay(d)}>
              {text}
            </Button>
          ))}
        </div>
        <div className="mt-3 flex items-center justify-between">
          <Button variant="ghost" size="icon-sm" aria-label="Previous month" onClick={() => setMonth(addMonths(month, -1))}>
            <CaretLeft size={16} aria-hidden />
          </Button>
          <p className="text-sm font-medium" aria-live="polite">
            {monthTitle(month)}
          </p>
          <Button variant="ghost" size="icon-sm" aria-label="Next month" onClick={() => setMonth(addMonths(month, 1))}>
            <CaretRight size={16} aria-hidden />
          </Button>
        </div>
        <table className="mt-1 w-full table-fixed text-center text-sm" role="grid" aria-label={monthTitle(month)}>
          <thead>
            <tr>
              {WEEKDAYS.map((w) => (
                <th key={w} scope="col" className="pb-1 text-xs font-normal text-muted-foreground">
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month).map((week) => (
              <tr key={week[0]}>
                {week.map((d) => {
                  const other = d.slice(0, 7) !== month.slice(0, 7)
                  return (
                    <td key={d} className="p-0.5">
                      <button
                        type="button"
                        onClick={() => setDay(d)}
                        aria-pressed={d === day}
                        aria-label={`${relativeDay(d, today)}, ${d}`}
                        className={cn(
                          'flex size-8 w-full items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                          other && 'text-muted-foreground/60',
                          d === today && 'font-semibold text-primary',
                          d === day && 'bg-primary text-primary-foreground hover:bg-primary/90',
                        )}
                      >
                        {Number(d.slice(8))}
                      </button>
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <form onSubmit={submitTime} className="mt-3 grid gap-2 border-t pt-3" aria-label="Time">
          <div className="flex items-center gap-1.5">
            <Clock size={16} className="text-muted-foreground" aria-hidden />
            <input
              aria-label="Hour"
              inputMode="numeric"
              value={hour}
              maxLength={2}
              placeholder="9"
              onChange={(e) => setHour(e.target.value.replace(/\D/g, ''))}
              className="h-8 w-10 rounded-md border border-input bg-background text-center text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
            <span aria-hidden>:</span>
            <input
              aria-label="Minutes"
              inputMode="numeric"
              value={minutes}
              maxLength={2}
              placeholder="00"
              onChange={(e) => setMinutes(e.target.value.replace(/\D/g, ''))}
              className="h-8 w-10 rounded-md border border-input bg-background text-center text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
            <select
              aria-label="AM or PM"
              value={meridiem}
              onChange={(e) => setMeridiem(e.target.value)}
              className="h-8 rounded-md border border-input bg-background px-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <option>AM</option>
              <option>PM</option>
            </select>
            <Button type="submit" size="sm" variant="secondary">
              Set time
            </Button>
            {time ? (
              <Button type="button" variant="ghost" size="icon-sm" aria-label="Clear time" onClick={clearTime}>
                <X size={14} aria-hidden />
              </Button>
            ) : null}
          </div>
          {timeError ? (
            <p role="alert" className="text-xs text-destructive">
              {timeError}
            </p>
          ) : null}
          <div className="grid max-h-32 grid-cols-4 gap-1 overflow-y-auto" aria-label="Quick times" role="group">
            {TIME_QUICK_PICKS.map((t) => (
              <button
                key={t}
                type="button"
                onClick={() => setTime(t)}
                aria-pressed={t === time}
                className={cn(
                  'rounded px-1 py-1 text-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                  t === time && 'bg-primary text-primary-foreground',
                )}
              >
                {displayTime(t)}
              </button>
            ))}
          </div>
        </form>
      </PopoverContent>
    </Popover>
  )
}
