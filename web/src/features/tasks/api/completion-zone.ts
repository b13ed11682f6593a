import { useAuthStore } from '@/lib/auth-store'
import { ensureTimeZonePreference } from '@/lib/preferences'

/**
 * A completion can make a recurring task's next occurrence, which the server
 * dates on the user's day (0530: the "timezone" preference's zone, else UTC).
 * Without a saved zone a task done at 21:00 in New York would come back a
 * day early, so the browser's zone is saved first when the user has none
 * (one request, the first completion of a page).
 */
export async function zoneBeforeCompleting(): Promise<void> {
  const userId = useAuthStore.getState().user?.id
  if (userId) await ensureTimeZonePreference(userId)
}
