import { Bell } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'

export default function Notifications() {
  return (
    <div>
      <PageHeader title="Notifications" />
      <EmptyState
        icon={Bell}
        title="Notifications"
        description="Assignments, invitations, comments, reminders and deadlines are listed here, newest first."
      >
        <Button asChild variant="outline">
          <Link to="/app/settings#notifications">Notification settings</Link>
        </Button>
      </EmptyState>
    </div>
  )
}
