import { useParams, useSearchParams } from 'react-router'
import { useRequiredUser } from '@/lib/auth-store'
import { NoteEditorScreen } from '@/features/notes/components/note-editor-screen'

/** /app/notes/{noteId}; ?new=1 for a note that is saved with its first words. */
export default function NotePage() {
  const { noteId = '' } = useParams()
  const [params] = useSearchParams()
  return <NoteEditorScreen noteId={noteId} isNew={params.get('new') === '1'} folder={params.get('folder')} userId={useRequiredUser().id} />
}
