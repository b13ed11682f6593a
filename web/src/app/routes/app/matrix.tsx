import { SquaresFour } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'

export default function Matrix() {
  return (
    <div>
      <PageHeader title="Eisenhower Matrix" description="Important and urgent work first." />
      <EmptyState
        icon={SquaresFour}
        title="Four quadrants"
        description="Do first, schedule, delegate, eliminate: tasks are placed by their importance and urgency."
      >
        <Button asChild variant="outline">
          <Link to="/app/tasks">Open tasks</Link>
        </Button>
      </EmptyState>
    </div>
  )
}
