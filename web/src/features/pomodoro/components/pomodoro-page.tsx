import { GearSix } from '@phosphor-icons/react'
import { Suspense, lazy, useState } from 'react'
import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { useRequiredUser } from '@/lib/auth-store'
import { useActiveSession } from '../api/get-active-session'
import { useRecentSessions } from '../api/get-recent-sessions'
import { useSessionChanges } from '../api/session-changes'
import { useFocusStore } from '../stores/focus-store'
import { RecentSessions } from './recent-sessions'
import { SettingsDialog } from './settings-dialog'
import { TaskFocusSummary } from './task-focus-summary'
import type { TaskOption } from './task-picker'
import { TimerCard } from './timer-card'
import { TodayGoal, WeekStats } from './week-stats'

const FocusMode = lazy(() => import('./focus-mode'))

/**
 * /app/pomodoro: the timer, today's goal, the week, the recent sessions and
 * the chosen task's focus summary. tasks are the open tasks the session can
 * be tied to (the route reads them from the tasks feature). Only the timer
 * itself renders every second.
 */
export function PomodoroPage({ tasks }: { tasks: readonly TaskOption[] }) {
  const user = useRequiredUser()
  const active = useActiveSession(user.id).data ?? null
  const recent = useRecentSessions(user.id)
  const chosenTask = useFocusStore((s) => s.taskId)
  const focusMode = useFocusStore((s) => s.focusMode)
  const [settingsOpen, setSettingsOpen] = useState(false)
  useSessionChanges(user.id)

  // A break is tied to no task: the chosen one stays in view through it.
  const taskId = active?.task_id ?? chosenTask
  const taskTitle =
    (taskId && (tasks.find((t) => t.id === taskId)?.title ?? recent.data?.find((s) => s.task_id === taskId)?.task?.title)) || null

  return (
    <div>
      <PageHeader
        title="Pomodoro"
        description="Focus in sessions, rest in breaks."
        actions={
          <Button variant="outline" onClick={() => setSettingsOpen(true)}>
            <GearSix size={16} aria-hidden /> Settings
          </Button>
        }
      />
      <div className="mx-auto grid max-w-6xl gap-6 p-4 md:p-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="grid content-start gap-6">
          <TimerCard tasks={tasks} />
        </div>
        <aside aria-label="Focus statistics" className="grid content-start gap-6">
          <TodayGoal />
          {taskId ? (
            <div className="rounded-xl border bg-card p-5">
              <TaskFocusSummary taskId={taskId} title={taskTitle ?? undefined} />
            </div>
          ) : null}
          <WeekStats />
          <RecentSessions />
        </aside>
      </div>
      <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
      {focusMode ? (
        <Suspense fallback={null}>
          <FocusMode taskTitle={taskTitle} />
        </Suspense>
      ) : null}
    </div>
  )
}
