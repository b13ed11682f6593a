import { ClockCounterClockwise } from '@phosphor-icons/react'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'

export default function Activity() {
  return (
    <div>
      <PageHeader title="Activity log" />
      <EmptyState
        icon={ClockCounterClockwise}
        title="Activity log"
        description="Changes to your tasks and projects are recorded here, grouped by day."
      />
    </div>
  )
}
