import { MagnifyingGlass } from '@phosphor-icons/react'
import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { PageSpinner } from '@/components/ui/spinner'
import { useRequiredUser } from '@/lib/auth-store'
import { describeError } from '@/lib/errors'
import { cleanSearchTerm, useTaskSearch } from '@/features/tasks/api/search-tasks'

export default function Search() {
  const [params] = useSearchParams()
  const user = useRequiredUser()
  const term = cleanSearchTerm(params.get('q') ?? '')
  const results = useTaskSearch(user.id, term)

  return (
    <div>
      <PageHeader title="Search" description={term ? `Results for “${term}”` : 'Type at least 2 characters in the search box.'} />
      {!term ? (
        <EmptyState icon={MagnifyingGlass} title="Search" description="Search your tasks by title from the box at the top." />
      ) : results.isPending ? (
        <PageSpinner />
      ) : results.isError ? (
        <div className="p-4 md:p-6">
          <Alert variant="destructive">Search failed: {describeError(results.error)}</Alert>
        </div>
      ) : results.data.length === 0 ? (
        <EmptyState icon={MagnifyingGlass} title="No results" description={`No task title contains “${term}”.`} />
      ) : (
        <section aria-label="Task results" className="p-4 md:p-6">
          <h2 className="mb-2 text-sm font-semibold">Tasks</h2>
          <ul className="divide-y rounded-lg border">
            {results.data.map((t) => (
              <li key={t.id} className="px-3 py-2 text-sm">
                {t.title}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
