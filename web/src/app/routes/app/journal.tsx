import { BookOpen } from '@phosphor-icons/react'
import { useLocation, useParams } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'

export default function Journal() {
  const { entryId } = useParams()
  const { pathname } = useLocation()
  const title = pathname.endsWith('/journal/new')
    ? 'New entry'
    : pathname.endsWith('/journal/recent')
      ? 'Recent entries'
      : entryId
        ? 'Journal entry'
        : 'Journal'
  return (
    <div>
      <PageHeader title={title} description="Dated entries with a mood, grouped in journals." />
      <EmptyState icon={BookOpen} title={title} description="Journal entries and their statistics are listed in this area." />
    </div>
  )
}
