import { ActivityFeed } from '@/features/activity/components/activity-feed'

/** /app/activity: the activity log page (002 §2). */
export default function Activity() {
  return <ActivityFeed />
}
