import { Plus } from '@phosphor-icons/react'
import { useParams, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { openTasksQueryOptions } from '@/features/tasks/api/get-tasks'
import { OpenTaskList } from '@/features/tasks/components/open-task-list'
import { useQuickAddStore } from '@/features/tasks/stores/quick-add-store'
import type { Prefetch } from '../../route-table'

const VIEW_TITLES: Record<string, string> = { inbox: 'Inbox', today: 'Today', upcoming: 'Upcoming' }

/** The page's first query: the open tasks. */
export const prefetch: Prefetch = (userId) => [openTasksQueryOptions(userId)]

export default function Tasks() {
  const [params] = useSearchParams()
  const { projectId, filterId } = useParams()
  const openQuickAdd = useQuickAddStore((s) => s.setOpen)
  const view = params.get('view') ?? ''
  const title = projectId ? 'Project' : filterId ? 'Smart filter' : (VIEW_TITLES[view] ?? 'Tasks')
  return (
    <div>
      <PageHeader
        title={title}
        description="Open tasks, newest first."
        actions={
          <Button onClick={() => openQuickAdd(true)}>
            <Plus size={16} aria-hidden />
            Add task
          </Button>
        }
      />
      <OpenTaskList />
    </div>
  )
}
