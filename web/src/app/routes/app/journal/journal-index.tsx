import { useRequiredUser } from '@/lib/auth-store'
import { EntriesScreen } from '@/features/journal/components/entries-screen'

/** /app/journal and /app/journal?journal={id} (002 §2). */
export default function JournalIndex() {
  return <EntriesScreen userId={useRequiredUser().id} recent={false} />
}
