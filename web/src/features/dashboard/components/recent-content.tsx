import { BookOpen, Note, PushPin } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { useRecentJournal, useRecentNotes } from '../api/get-recent-content'

const MOODS = ['', '😞', '🙁', '😐', '🙂', '😄']
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' })

function excerpt(text: string): string {
  return text.replace(/<[^>]+>/g, ' ').replace(/[#*_`>]/g, '').replace(/\s+/g, ' ').trim().slice(0, 90)
}

function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return shortDate.format(new Date(y, m - 1, d))
}

function ListSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-10" />
      ))}
    </div>
  )
}

/** The notes changed last and the latest journal entries (loaded when scrolled to). */
export default function RecentContent() {
  const user = useRequiredUser()
  const notes = useRecentNotes(user.id)
  const journal = useRecentJournal(user.id)
  return (
    <div className="grid gap-6">
      <Card aria-labelledby="recent-notes-title">
        <CardHeader className="flex items-center justify-between gap-2 pb-2">
          <CardTitle id="recent-notes-title" className="flex items-center gap-2">
            <Note size={18} weight="duotone" aria-hidden className="text-primary" /> Recent notes
          </CardTitle>
          <Link to="/app/notes/new" className="text-sm text-primary underline-offset-4 hover:underline">
            New note
          </Link>
        </CardHeader>
        <CardContent>
          {notes.isPending ? (
            <ListSkeleton />
          ) : notes.data?.length ? (
            <ul aria-label="Recent notes" className="grid gap-1">
              {notes.data.map((n) => (
                <li key={n.id}>
                  <Link to={`/app/notes/${n.id}`} className="grid rounded-md px-2 py-1.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring">
                    <span className="flex items-center gap-1.5 truncate text-sm font-medium">
                      {n.pinned ? <PushPin size={12} weight="fill" aria-label="Pinned" className="shrink-0 text-muted-foreground" /> : null}
                      {n.title || 'Untitled'}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">{excerpt(n.content) || (n.folder ?? 'Uncategorized')}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No notes yet. Capture an idea before it slips away.</p>
          )}
        </CardContent>
      </Card>
      <Card aria-labelledby="recent-journal-title">
        <CardHeader className="flex items-center justify-between gap-2 pb-2">
          <CardTitle id="recent-journal-title" className="flex items-center gap-2">
            <BookOpen size={18} weight="duotone" aria-hidden className="text-primary" /> Journal
          </CardTitle>
          <Link to="/app/journal/new" className="text-sm text-primary underline-offset-4 hover:underline">
            Write today’s entry
          </Link>
        </CardHeader>
        <CardContent>
          {journal.isPending ? (
            <ListSkeleton />
          ) : journal.data?.length ? (
            <ul aria-label="Recent journal entries" className="grid gap-1">
              {journal.data.map((e) => (
                <li key={e.id}>
                  <Link to={`/app/journal/${e.id}`} className="flex items-center gap-3 rounded-md px-2 py-1.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring">
                    <span className="w-12 shrink-0 text-xs text-muted-foreground tabular-nums">{dayLabel(e.date)}</span>
                    <span className="min-w-0 flex-1 truncate text-sm">{e.title || excerpt(e.content) || 'Untitled entry'}</span>
                    {e.mood ? (
                      <span role="img" aria-label={`Mood ${e.mood} of 5`}>
                        {MOODS[e.mood]}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No entries yet. A few lines a day add up.</p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
