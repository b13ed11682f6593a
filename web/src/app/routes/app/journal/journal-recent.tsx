import { useRequiredUser } from '@/lib/auth-store'
import { EntriesScreen } from '@/features/journal/components/entries-screen'

/** /app/journal/recent (002 §2): the most recent entries. */
export default function JournalRecent() {
  return <EntriesScreen userId={useRequiredUser().id} recent />
}
