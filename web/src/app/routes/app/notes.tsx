import { Note } from '@phosphor-icons/react'
import { useLocation, useParams } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'

export default function Notes() {
  const { noteId } = useParams()
  const isNew = useLocation().pathname.endsWith('/notes/new')
  const title = isNew ? 'New note' : noteId ? 'Note' : 'Notes'
  return (
    <div>
      <PageHeader title={title} description="Notes organised in folders." />
      <EmptyState icon={Note} title={title} description="Notes and their folders are listed in this area." />
    </div>
  )
}
