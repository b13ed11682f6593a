import { MagnifyingGlass } from '@phosphor-icons/react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { PageSpinner } from '@/components/ui/spinner'
import { useRequiredUser } from '@/lib/auth-store'
import { describeError } from '@/lib/errors'
import { previewOf } from '@/lib/markdown-text'
import { useEntrySearch } from '@/features/journal/api/search-entries'
import { useNoteSearch } from '@/features/notes/api/search-notes'
import { cleanSearchTerm, useTaskSearch } from '@/features/tasks/api/search-tasks'

type Hit = { id: string; title: string; hint?: string; to?: string }

function Results({ label, query, items }: { label: string; query: { isPending: boolean; isError: boolean; error: unknown }; items: Hit[] }) {
  let body: ReactNode
  if (query.isPending) body = <PageSpinner />
  else if (query.isError) body = <Alert variant="destructive">Search failed: {describeError(query.error)}</Alert>
  else if (items.length === 0) return null
  else
    body = (
      <ul className="divide-y rounded-lg border">
        {items.map((t) => (
          <li key={t.id} className="text-sm">
            {t.to ? (
              <Link to={t.to} className="grid gap-0.5 px-3 py-2 outline-none hover:bg-accent/50 focus-visible:bg-accent">
                <span className="font-medium">{t.title}</span>
                {t.hint ? <span className="truncate text-muted-foreground">{t.hint}</span> : null}
              </Link>
            ) : (
              <span className="block px-3 py-2">{t.title}</span>
            )}
          </li>
        ))}
      </ul>
    )
  return (
    <section aria-label={`${label} results`} className="grid gap-2">
      <h2 className="text-sm font-semibold">{label}</h2>
      {body}
    </section>
  )
}

/** /app/search?q=…: tasks by title, notes and tags, notes and journal entries by their words (search_user_content). */
export default function Search() {
  const [params] = useSearchParams()
  const user = useRequiredUser()
  const term = cleanSearchTerm(params.get('q') ?? '')
  const tasks = useTaskSearch(user.id, term)
  const notes = useNoteSearch(user.id, term)
  const entries = useEntrySearch(user.id, term)
  const done = !tasks.isPending && !notes.isPending && !entries.isPending
  const none = done && !tasks.data?.length && !notes.data?.length && !entries.data?.length

  return (
    <div>
      <PageHeader title="Search" description={term ? `Results for “${term}”` : 'Type at least 2 characters in the search box.'} />
      {!term ? (
        <EmptyState icon={MagnifyingGlass} title="Search" description="Search your tasks, notes and journal from the box at the top." />
      ) : none ? (
        <EmptyState icon={MagnifyingGlass} title="No results" description={`Nothing in your tasks, notes or journal matches “${term}”.`} />
      ) : (
        <div className="grid gap-6 p-4 md:p-6">
          <Results label="Tasks" query={tasks} items={(tasks.data ?? []).map((t) => ({
              id: t.id,
              title: t.title || 'Untitled task',
              ...(t.snippet ? { hint: previewOf(t.snippet, 120) } : {}),
              to: `/app/tasks?view=all&taskId=${t.id}`,
            }))} />
          <Results
            label="Notes"
            query={notes}
            items={(notes.data ?? []).map((n) => ({ id: n.id, title: n.title || 'Untitled', hint: previewOf(n.snippet ?? '', 120), to: `/app/notes/${n.id}` }))}
          />
          <Results
            label="Journal"
            query={entries}
            items={(entries.data ?? []).map((e) => ({ id: e.id, title: e.title || 'Untitled entry', hint: previewOf(e.snippet ?? '', 120), to: `/app/journal/${e.id}` }))}
          />
        </div>
      )}
    </div>
  )
}
