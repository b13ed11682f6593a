import { useParams, useSearchParams } from 'react-router'
import { useRequiredUser } from '@/lib/auth-store'
import { EntryEditorScreen } from '@/features/journal/components/entry-editor-screen'

/** /app/journal/{entryId}; ?new=1 for an entry that is saved with its first words. */
export default function EntryPage() {
  const { entryId = '' } = useParams()
  const [params] = useSearchParams()
  return <EntryEditorScreen entryId={entryId} isNew={params.get('new') === '1'} journalId={params.get('journal')} userId={useRequiredUser().id} />
}
