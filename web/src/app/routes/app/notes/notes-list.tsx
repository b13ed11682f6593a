import { useRequiredUser } from '@/lib/auth-store'
import { NotesListScreen } from '@/features/notes/components/notes-list-screen'

/** /app/notes with ?folder=… (002 §2). */
export default function NotesList() {
  return <NotesListScreen userId={useRequiredUser().id} />
}
