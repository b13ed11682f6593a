import { CalendarCheck, Fire, TextAa } from '@phosphor-icons/react'
import { useMemo } from 'react'
import { cn } from '@/lib/cn'
import type { EntrySummary } from '../api/get-entries'
import { useJournalStatistics } from '../api/get-journal-statistics'
import { addDays, dayDate, isoDay } from '../utils/dates'
import { MOODS, moodOf } from '../utils/mood'

function Stat({ label, value, hint, icon }: { label: string; value: string; hint?: string; icon: React.ReactNode }) {
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-4">
      <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="text-2xl font-semibold tracking-tight tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  )
}

/** Entries this month, total words, average mood and current streak (002 §2), from the server. */
export function JournalStatCards({ userId, today }: { userId: string; today: string }) {
  const stats = useJournalStatistics(userId, today)
  const s = stats.data
  const mood = moodOf(s?.average_mood === null || s?.average_mood === undefined ? null : Number(s.average_mood))
  const MoodIcon = mood?.icon
  const loading = stats.isPending
  const fmt = (n: number | undefined) => (loading || n === undefined ? '–' : n.toLocaleString())
  return (
    <dl aria-label="Journal statistics" aria-busy={loading} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="This month" value={fmt(s?.entries_this_month)} hint={s ? `${s.total_entries.toLocaleString()} in all` : undefined} icon={<CalendarCheck size={16} aria-hidden />} />
      <Stat label="Total words" value={fmt(s?.total_words)} icon={<TextAa size={16} aria-hidden />} />
      <Stat
        label="Average mood"
        value={loading ? '–' : mood ? `${Number(s?.average_mood).toFixed(1)} · ${mood.label}` : 'No moods yet'}
        icon={MoodIcon ? <MoodIcon size={16} weight="fill" aria-hidden style={{ color: mood.color }} /> : <TextAa size={16} aria-hidden className="opacity-0" />}
      />
      <Stat
        label="Current streak"
        value={loading ? '–' : `${s?.current_streak ?? 0} day${s?.current_streak === 1 ? '' : 's'}`}
        hint={s ? `Longest: ${s.longest_streak} day${s.longest_streak === 1 ? '' : 's'}` : undefined}
        icon={<Fire size={16} aria-hidden />}
      />
    </dl>
  )
}

const CELL = 11
const GAP = 3
const WEEKS = 53

/** The day's shade for n entries: none, one, two, three or more. */
function shade(n: number): string {
  if (n === 0) return 'fill-muted'
  if (n === 1) return 'fill-primary/35'
  if (n === 2) return 'fill-primary/65'
  return 'fill-primary'
}

/**
 * The year as a calendar heat map: a column per week (Monday first), a
 * square per day, darker for more entries; the most recent week on the right.
 */
export function YearHeatMap({ entries, today }: { entries: readonly EntrySummary[]; today: string }) {
  const { weeks, days, written } = useMemo(() => {
    const byDay = new Map<string, number>()
    for (const e of entries) byDay.set(e.date, (byDay.get(e.date) ?? 0) + 1)
    const weekday = (dayDate(today).getDay() + 6) % 7 // Monday 0
    const start = addDays(today, -(weekday + (WEEKS - 1) * 7))
    const list: { day: string; n: number; col: number; row: number }[] = []
    for (let i = 0; i < WEEKS * 7; i++) {
      const day = addDays(start, i)
      if (day > today) break
      list.push({ day, n: byDay.get(day) ?? 0, col: Math.floor(i / 7), row: i % 7 })
    }
    return { weeks: WEEKS, days: list, written: list.filter((d) => d.n > 0).length }
  }, [entries, today])
  const total = days.reduce((n, d) => n + d.n, 0)
  const width = weeks * (CELL + GAP)
  const height = 7 * (CELL + GAP)
  return (
    <figure className="grid gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">The last year</span>
        <span className="text-xs text-muted-foreground">
          {total} entr{total === 1 ? 'y' : 'ies'} on {written} day{written === 1 ? '' : 's'}
        </span>
      </figcaption>
      {/* Narrow screens scroll; they start at the most recent weeks. */}
      <div className="overflow-x-auto pb-1" ref={(el) => void (el && (el.scrollLeft = el.scrollWidth))}>
        <svg
          role="img"
          aria-label={`Calendar of the last year: ${total} entries written on ${written} days.`}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block"
        >
          {days.map((d) => (
            <rect key={d.day} x={d.col * (CELL + GAP)} y={d.row * (CELL + GAP)} width={CELL} height={CELL} rx={2} className={shade(d.n)}>
              <title>{`${d.n} entr${d.n === 1 ? 'y' : 'ies'} on ${dayDate(d.day).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div aria-hidden className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
        Less
        {[0, 1, 2, 3].map((n) => (
          <svg key={n} width={CELL} height={CELL}>
            <rect width={CELL} height={CELL} rx={2} className={shade(n)} />
          </svg>
        ))}
        More
      </div>
    </figure>
  )
}

/** Mondays of the last n weeks, oldest first, and each week's average mood. */
function weeklyMoods(entries: readonly EntrySummary[], today: string, n: number) {
  const weekday = (dayDate(today).getDay() + 6) % 7
  const thisMonday = addDays(today, -weekday)
  const weeks = Array.from({ length: n }, (_, i) => ({ monday: addDays(thisMonday, -7 * (n - 1 - i)), sum: 0, count: 0 }))
  const first = weeks[0]?.monday ?? today
  for (const e of entries) {
    if (e.mood === null || e.date < first || e.date > today) continue
    const i = Math.floor((dayDate(e.date).getTime() - dayDate(first).getTime()) / (7 * 86_400_000))
    const w = weeks[i]
    if (w) {
      w.sum += e.mood
      w.count += 1
    }
  }
  return weeks.map((w) => ({ monday: w.monday, average: w.count ? w.sum / w.count : null, count: w.count }))
}

/** Average mood per week over the last half year, as a line (gaps where no mood was given). */
export function MoodChart({ entries, today }: { entries: readonly EntrySummary[]; today: string }) {
  const weeks = useMemo(() => weeklyMoods(entries, today, 26), [entries, today])
  const W = 640
  const H = 180
  const left = 28
  const top = 10
  const bottom = 24
  const x = (i: number) => left + (i * (W - left - 8)) / (weeks.length - 1)
  const y = (m: number) => top + ((5 - m) * (H - top - bottom)) / 4
  const withMood = weeks.filter((w) => w.average !== null)
  // Segments of consecutive weeks with a mood.
  const paths: string[] = []
  let current = ''
  weeks.forEach((w, i) => {
    if (w.average === null) {
      if (current) paths.push(current)
      current = ''
      return
    }
    current += `${current ? 'L' : 'M'}${x(i).toFixed(1)},${y(w.average).toFixed(1)}`
  })
  if (current) paths.push(current)
  const avg = withMood.length ? withMood.reduce((s, w) => s + (w.average ?? 0), 0) / withMood.length : null
  const months = weeks.filter((w, i) => i === 0 || w.monday.slice(5, 7) !== weeks[i - 1]?.monday.slice(5, 7))

  return (
    <figure className="grid gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Mood over time</span>
        <span className="text-xs text-muted-foreground">weekly average, last 6 months</span>
      </figcaption>
      {withMood.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          Pick a mood on your entries to see how it changes over the weeks.
        </p>
      ) : (
        <>
          <svg
            role="img"
            aria-label={`Weekly average mood over the last 6 months: ${withMood.length} weeks with a mood, averaging ${avg?.toFixed(1)} (${moodOf(avg)?.label}).`}
            viewBox={`0 0 ${W} ${H}`}
            className="h-auto w-full"
          >
            {MOODS.map((m) => (
              <g key={m.value}>
                <line x1={left} x2={W - 8} y1={y(m.value)} y2={y(m.value)} className="stroke-border" strokeDasharray={m.value === 3 ? undefined : '2 4'} />
                <circle cx={10} cy={y(m.value)} r={5} fill={m.color}>
                  <title>{m.label}</title>
                </circle>
              </g>
            ))}
            {months.map((w) => {
              const i = weeks.indexOf(w)
              return (
                <text key={w.monday} x={x(i)} y={H - 6} className="fill-muted-foreground text-[10px]">
                  {dayDate(w.monday).toLocaleDateString(undefined, { month: 'short' })}
                </text>
              )
            })}
            {paths.map((d) => (
              <path key={d} d={d} fill="none" className="stroke-primary" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
            ))}
            {weeks.map((w, i) =>
              w.average === null ? null : (
                <circle key={w.monday} cx={x(i)} cy={y(w.average)} r={3.5} className="fill-background stroke-primary" strokeWidth={2}>
                  <title>{`Week of ${dayDate(w.monday).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}: ${w.average.toFixed(1)} (${w.count} entr${w.count === 1 ? 'y' : 'ies'})`}</title>
                </circle>
              ),
            )}
          </svg>
          <table className="sr-only">
            <caption>Weekly average mood</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">Average mood</th>
              </tr>
            </thead>
            <tbody>
              {withMood.map((w) => (
                <tr key={w.monday}>
                  <td>{w.monday}</td>
                  <td>
                    {w.average?.toFixed(1)} ({moodOf(w.average)?.label})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  )
}

/** The statistics block of the journal: the four figures, the year and the mood over time. */
export function JournalStats({ userId, entries, className }: { userId: string; entries: readonly EntrySummary[]; className?: string }) {
  const today = isoDay(new Date())
  return (
    <section aria-labelledby="journal-stats-heading" className={cn('grid gap-4', className)}>
      <h2 id="journal-stats-heading" className="sr-only">
        Statistics
      </h2>
      <JournalStatCards userId={userId} today={today} />
      <div className="grid gap-6 rounded-xl border bg-card p-4">
        <YearHeatMap entries={entries} today={today} />
        <MoodChart entries={entries} today={today} />
      </div>
    </section>
  )
}
