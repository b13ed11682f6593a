import { CheckSquare, Plus } from '@phosphor-icons/react'
import { startTransition, useEffect, useState } from 'react'
import { LoadFailed } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageSpinner } from '@/components/ui/spinner'
import { useRequiredUser } from '@/lib/auth-store'
import { useOpenTasks } from '../api/get-tasks'
import { useQuickAddStore } from '../stores/quick-add-store'

/** Rows rendered with the first paint of the list; more than a screenful. */
const FIRST_ROWS = 40
/** Rows added each time the browser is idle, until all are rendered. */
const MORE_ROWS = 40

/**
 * How many of total rows to render: FIRST_ROWS at once, then MORE_ROWS each
 * time the browser is idle, each step in a transition that yields to input.
 * Rendering the rows with the page's first paint, and later the rest at
 * once, were the longest tasks of a cold /app load on a slow phone: React's
 * commit and the browser's style and layout of a step cannot be split.
 */
function useRowsRendered(total: number): number {
  const [rendered, setRendered] = useState(FIRST_ROWS)
  useEffect(() => {
    if (rendered >= total) return
    const more = () => startTransition(() => setRendered((n) => n + MORE_ROWS))
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(more, { timeout: 1000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(more, 1)
    return () => window.clearTimeout(id)
  }, [rendered, total])
  return Math.min(rendered, total)
}

/** The signed-in user's open tasks, newest first. */
export function OpenTaskList() {
  const user = useRequiredUser()
  const tasks = useOpenTasks(user.id)
  const openQuickAdd = useQuickAddStore((s) => s.setOpen)
  const rows = useRowsRendered(tasks.data?.length ?? 0)

  if (tasks.isPending) return <PageSpinner />
  if (tasks.isError) {
    return <LoadFailed what="Could not load your tasks" error={tasks.error} onRetry={() => void tasks.refetch()} />
  }
  if (tasks.data.length === 0) {
    return (
      <EmptyState icon={CheckSquare} title="No open tasks" description="Add a task with the button below or press Q anywhere.">
        <Button onClick={() => openQuickAdd(true)}>
          <Plus size={16} aria-hidden />
          Add task
        </Button>
      </EmptyState>
    )
  }
  return (
    <ul aria-label="Open tasks" className="divide-y">
      {tasks.data.slice(0, rows).map((t) => (
        // Rows off screen are neither laid out nor painted (41 px: a row and its border).
        <li
          key={t.id}
          className="flex items-center gap-3 px-4 py-2.5 text-sm [contain-intrinsic-size:auto_41px] [content-visibility:auto] md:px-6"
        >
          <CheckSquare size={18} className="text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1 truncate">{t.title}</span>
          {t.due_date ? <span className="text-xs text-muted-foreground">{t.due_date}</span> : null}
        </li>
      ))}
    </ul>
  )
}
