import { Sparkle } from '@phosphor-icons/react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { useQuickAddStore } from '@/features/tasks/stores/quick-add-store'

export default function Demo() {
  const openQuickAdd = useQuickAddStore((s) => s.setOpen)
  return (
    <div>
      <PageHeader title="Demo" description="Write tasks the way you say them." />
      <EmptyState
        icon={Sparkle}
        title="Natural-language quick add"
        description="Try “Call Sam tomorrow at 2pm p1 #work”. Quick add opens anywhere with Q."
      >
        <Button onClick={() => openQuickAdd(true)}>Open quick add</Button>
      </EmptyState>
    </div>
  )
}
