import { Timer } from '@phosphor-icons/react'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'

export default function Pomodoro() {
  return (
    <div>
      <PageHeader title="Pomodoro" description="Focus in sessions, rest in breaks." />
      <EmptyState
        icon={Timer}
        title="Focus timer"
        description="Work for 25 minutes, take a 5-minute break, and a 15-minute break after every fourth session."
      />
    </div>
  )
}
