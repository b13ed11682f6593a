import { Suspense, lazy, useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router'
import type { Prefetch } from '@/lib/prefetch'
import { usePlan } from '@/features/billing/hooks/use-plan'
import { usePaywallStore } from '@/features/billing/stores/paywall-store'
import { PLAN_CAPS } from '@/features/billing/utils/plans'
import { accessibleTasksQueryOptions } from '@/features/tasks/api/get-accessible-tasks'
import { projectsQueryOptions } from '@/features/tasks/api/get-projects'
import { smartFiltersQueryOptions } from '@/features/tasks/api/get-smart-filters'
import { TASK_PREFERENCES, taskPreferenceQueryOptions } from '@/features/tasks/api/task-preferences'
import { TasksEnvironmentProvider } from '@/features/tasks/components/tasks-environment'
import { TasksScreen } from '@/features/tasks/components/tasks-screen'
import type { TaskScope } from '@/features/tasks/types'
import { parseViewId } from '@/features/tasks/utils/views'

// The focus summary in the task pane (002 §2) loads with the pane, not with the list.
const TaskFocusSummary = lazy(() => import('@/features/pomodoro/components/task-focus-summary').then((m) => ({ default: m.TaskFocusSummary })))
// So do the comment thread and the attachments panel (002 §2).
const AttachmentsPanel = lazy(() => import('@/features/attachments/components/attachments-panel').then((m) => ({ default: m.AttachmentsPanel })))
// And the task's activity log dialog (002 §2).
const TaskActivityLog = lazy(() => import('@/features/activity/components/task-activity-dialog').then((m) => ({ default: m.TaskActivityLog })))
const CommentThread = lazy(() => import('@/features/comments/components/comment-thread').then((m) => ({ default: m.CommentThread })))

/**
 * The screen's first queries: every task it cuts its views from, the
 * projects, the preferences it reads on mount (the zone its dates are
 * bucketed in, the task in edit, the last selected) and the sidebar's
 * smart filters. All asked before the screen renders, so the only answer
 * still to come when it has mounted is the task list's own.
 */
export const prefetch: Prefetch = (userId) => [
  accessibleTasksQueryOptions(userId),
  projectsQueryOptions(userId),
  taskPreferenceQueryOptions(userId, TASK_PREFERENCES.timezone),
  taskPreferenceQueryOptions(userId, TASK_PREFERENCES.editing),
  taskPreferenceQueryOptions(userId, TASK_PREFERENCES.selected),
  smartFiltersQueryOptions(userId),
]

/**
 * /app/tasks (?view=, ?taskId=, ?edit=), /app/tasks/project/{id} and
 * /app/tasks/smart-filter/{id} (001 §2): the task module, with the plan's
 * caps and the paywall handed in from billing.
 */
export default function Tasks() {
  const { projectId, filterId } = useParams()
  const [params] = useSearchParams()
  const view = params.get('view')
  const scope = useMemo<TaskScope>(
    () =>
      projectId
        ? { kind: 'project', projectId }
        : filterId
          ? { kind: 'filter', filterId }
          : { kind: 'view', view: parseViewId(view) },
    [projectId, filterId, view],
  )
  const { plan } = usePlan()
  const showPaywall = usePaywallStore((s) => s.show)
  const environment = useMemo(
    () => ({
      remindersPerTask: PLAN_CAPS[plan].remindersPerTask,
      subtasksPerTask: PLAN_CAPS[plan].subtasksPerTask,
      showPaywall,
      taskSections: (task: { id: string; title: string; team_id: string | null }) => (
        <Suspense fallback={null}>
          <AttachmentsPanel task={task} maxFileMB={plan === 'free' ? 10 : 100} showPaywall={showPaywall} />
          <CommentThread task={task} />
          <TaskFocusSummary taskId={task.id} title={task.title} />
          <TaskActivityLog taskId={task.id} title={task.title} />
        </Suspense>
      ),
    }),
    [plan, showPaywall],
  )
  return (
    <TasksEnvironmentProvider value={environment}>
      <TasksScreen scope={scope} />
    </TasksEnvironmentProvider>
  )
}
