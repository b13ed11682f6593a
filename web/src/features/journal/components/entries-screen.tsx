import { BookOpen, NotePencil } from '@phosphor-icons/react'
import { startTransition, useEffect, useMemo, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { LoadFailed } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { previewOf } from '@/lib/markdown-text'
import { type EntrySummary, useEntries } from '../api/get-entries'
import { type Journal, useJournals } from '../api/get-journals'
import { journalIcon, journalSwatch, parseAppearance } from '../utils/appearance'
import { dayDate, groupByMonth } from '../utils/dates'
import { moodOf } from '../utils/mood'
import { JournalMenu } from './journal-menu'
import { JournalStats } from './journal-stats'

/** Entries drawn with the first paint, then 40 more each time the browser is idle (a journal of years stays quick). */
function useProgressive(total: number, first = 40): number {
  const [n, setN] = useState(first)
  useEffect(() => {
    if (n >= total) return
    const more = () => startTransition(() => setN((x) => x + 40))
    const id = window.requestIdleCallback ? window.requestIdleCallback(more, { timeout: 500 }) : window.setTimeout(more, 1)
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(id) : window.clearTimeout(id))
  }, [n, total])
  return Math.min(n, total)
}

function EntryCard({ entry, journal }: { entry: EntrySummary; journal: Journal | undefined }) {
  const day = dayDate(entry.date)
  const mood = moodOf(entry.mood)
  const look = journal ? parseAppearance(journal.color) : null
  const JournalIcon = look ? journalIcon(look.icon) : null
  const preview = previewOf(entry.preview, 140)
  return (
    <li className="[contain-intrinsic-size:auto_88px] [content-visibility:auto]">
      <Link
        to={`/app/journal/${entry.id}`}
        className="flex gap-4 rounded-xl border bg-card px-4 py-3 outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex w-11 shrink-0 flex-col items-center justify-center rounded-lg bg-muted py-1.5 leading-none">
          <span className="text-[11px] font-medium text-muted-foreground uppercase">{day.toLocaleDateString(undefined, { weekday: 'short' })}</span>
          <span className="mt-1 text-lg font-semibold tabular-nums">{day.getDate()}</span>
        </span>
        <span className="grid min-w-0 flex-1 content-center gap-0.5">
          <span className="flex items-center gap-2">
            <span className={entry.title ? 'truncate font-medium' : 'truncate font-medium text-muted-foreground'}>{entry.title || 'Untitled entry'}</span>
            {mood ? <mood.icon size={18} weight="fill" className="shrink-0" style={{ color: mood.color }} aria-label={`Mood: ${mood.label}`} /> : null}
          </span>
          {preview ? <span className="line-clamp-2 text-sm text-muted-foreground">{preview}</span> : null}
          {journal && JournalIcon && look ? (
            <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
              <JournalIcon size={12} weight="fill" aria-hidden style={{ color: journalSwatch(look.color) }} />
              {journal.name}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  )
}

function Skeleton() {
  return (
    <div aria-hidden className="grid gap-3 p-4 md:p-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 rounded-xl bg-muted" />
        ))}
      </div>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-20 rounded-xl bg-muted/70" />
      ))}
    </div>
  )
}

/** /app/journal (all entries, or ?journal={id}) and /app/journal/recent (002 §2): entries grouped by month. */
export function EntriesScreen({ userId, recent }: { userId: string; recent: boolean }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const journalId = recent ? null : params.get('journal')
  const entries = useEntries(userId)
  const journals = useJournals(userId)
  const byId = useMemo(() => new Map((journals.data ?? []).map((j) => [j.id, j])), [journals.data])
  const journal = journalId ? byId.get(journalId) : undefined

  const shown = useMemo(() => {
    const all = entries.data ?? []
    if (recent) return [...all].sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1)).slice(0, 20)
    return journalId ? all.filter((e) => e.folder === journalId) : all
  }, [entries.data, recent, journalId])
  const rendered = useProgressive(shown.length)
  const allGroups = useMemo(() => (recent ? null : groupByMonth(shown)), [recent, shown])
  // The first `rendered` entries, month by month (the counts are the whole month's).
  const groups = useMemo(() => {
    if (!allGroups) return null
    let budget = rendered
    return allGroups
      .map((g) => {
        const items = g.items.slice(0, Math.max(0, budget))
        budget -= items.length
        return { ...g, total: g.items.length, items }
      })
      .filter((g) => g.items.length > 0)
  }, [allGroups, rendered])

  const newHref = journalId ? `/app/journal/new?journal=${encodeURIComponent(journalId)}` : '/app/journal/new'
  const title = recent ? 'Recent entries' : journal ? journal.name : 'Journal'
  const look = journal ? parseAppearance(journal.color) : null
  const TitleIcon = look ? journalIcon(look.icon) : null

  return (
    <div className="min-h-full">
      <header className="flex flex-wrap items-center gap-3 border-b px-4 py-4 md:px-6">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          {TitleIcon && look ? <TitleIcon size={24} weight="duotone" aria-hidden style={{ color: journalSwatch(look.color) }} /> : null}
          <div className="grid min-w-0">
            <h1 className="truncate text-xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">
              {recent ? 'Your 20 most recently written entries.' : journal ? `${shown.length} entr${shown.length === 1 ? 'y' : 'ies'}` : 'All entries, by month.'}
            </p>
          </div>
          {journal ? <JournalMenu journal={journal} label="Journal actions" align="start" /> : null}
        </div>
        <Button asChild>
          <Link to={newHref}>
            <NotePencil size={16} aria-hidden /> New entry
          </Link>
        </Button>
      </header>
      {entries.isPending ? (
        <Skeleton />
      ) : entries.isError ? (
        <LoadFailed what="Could not load your journal" error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <div className="grid gap-6 p-4 md:p-6">
          {!recent && !journalId ? <JournalStats userId={userId} entries={entries.data} /> : null}
          {shown.length === 0 ? (
            <EmptyState
              icon={BookOpen}
              title={journal ? `No entries in ${journal.name} yet` : 'Your journal is empty'}
              description="Write about your day: what happened, how you felt, what you are grateful for. Add a mood and photos."
            >
              <Button onClick={() => navigate(newHref)}>
                <NotePencil size={16} aria-hidden /> Write the first entry
              </Button>
            </EmptyState>
          ) : groups ? (
            groups.map((g) => (
              <section key={g.month} aria-labelledby={`month-${g.month}`} className="grid gap-2">
                <h2 id={`month-${g.month}`} className="flex items-baseline gap-2 text-sm font-semibold">
                  {g.label}
                  <span className="text-xs font-normal text-muted-foreground">
                    {g.total} entr{g.total === 1 ? 'y' : 'ies'}
                  </span>
                </h2>
                <ul className="grid gap-2">
                  {g.items.map((e) => (
                    <EntryCard key={e.id} entry={e} journal={e.folder ? byId.get(e.folder) : undefined} />
                  ))}
                </ul>
              </section>
            ))
          ) : (
            <ul aria-label="Recent entries" className="grid gap-2">
              {shown.map((e) => (
                <EntryCard key={e.id} entry={e} journal={e.folder ? byId.get(e.folder) : undefined} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
