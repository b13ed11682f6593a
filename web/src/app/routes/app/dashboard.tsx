import { CheckSquare, ClockCounterClockwise, Fire, Plus, Timer } from '@phosphor-icons/react'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, Suspense, lazy, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { DeferredMenu } from '@/components/ui/deferred-menu'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import type { DashboardTask } from '@/features/dashboard/components/agenda'
import { AgendaCard, UpcomingCard } from '@/features/dashboard/components/agenda-card'
import { RowMenuButton } from '@/features/dashboard/components/row-menu-button'
import { StatTile } from '@/features/dashboard/components/stat-tile'
import { WhenVisible } from '@/features/dashboard/components/when-visible'
import { weekStatsQueryOptions } from '@/features/pomodoro/api/get-week-stats'
import { FocusCard } from '@/features/pomodoro/components/focus-card'
import { useFocusToday } from '@/features/pomodoro/hooks/use-focus-today'
import { dateLineFor, greetingFor } from '@/features/shell/utils/signed-in-text'
import { agendaQueryOptions, dayOf, useAgenda } from '@/features/tasks/api/get-agenda'
import { useSetTaskCompleted } from '@/features/tasks/api/set-task-completed'
import { useQuickAddStore } from '@/features/tasks/stores/quick-add-store'
import { appearanceQueryOptions, useAppearance } from '@/features/theme/api/appearance'
import type { Prefetch } from '@/lib/prefetch'

// Below the fold (or, at 1280 px, below the focus card): their code and data
// load when scrolled to, once the first screen is idle.
const loadRecentContent = () => import('@/features/dashboard/components/recent-content')
const loadTeamActivity = () => import('@/features/dashboard/components/team-activity-card')
const RecentContent = lazy(loadRecentContent)
const TeamActivityCard = lazy(loadTeamActivity)
const loadLowerCards = () => Promise.all([loadRecentContent(), loadTeamActivity()])
const CreateIssueDialog = lazy(() =>
  import('@/features/integrations/components/create-issue-dialog').then((m) => ({ default: m.CreateIssueDialog })),
)
const loadRowMenu = () => import('@/features/dashboard/components/row-menu')
const TaskRowMenu = lazy(loadRowMenu)

/**
 * The page with the background the user chose. Only this wrapper reads the
 * preference: its answer arriving re-renders one element, not the page.
 */
function DashboardBackground({ userId, children }: { userId: string; children: ReactNode }) {
  const background = useAppearance(userId, 'showDashboardBackground')
  return (
    <div data-slot="dashboard" className={cn('min-h-full p-4 md:p-6', background && 'bg-gradient-to-br from-primary/10 via-background to-background')}>
      {children}
    </div>
  )
}

/** The 'complete-sound' experiment (lib/experiments.ts), its code loaded on the first completion. */
async function tickSound(queryClient: QueryClient, userId: string): Promise<void> {
  const [{ experimentsQueryOptions }, { playSound }] = await Promise.all([import('@/lib/experiments'), import('@/lib/sounds')])
  const flags = await queryClient.ensureQueryData(experimentsQueryOptions(userId))
  if (flags['complete-sound']) playSound('tick')
}

/** The page's first queries: today's tasks, today's focus and the background preference. */
export const prefetch: Prefetch = (userId) => [
  agendaQueryOptions(userId, dayOf(new Date())),
  weekStatsQueryOptions(userId, new Date()),
  appearanceQueryOptions(userId, 'showDashboardBackground'),
]

function Stats({ tasks, today, isPending }: { tasks: readonly DashboardTask[] | undefined; today: string; isPending: boolean }) {
  const focus = useFocusToday(new Date())
  const dueToday = tasks?.filter((t) => t.due_date === today).length ?? 0
  const overdue = tasks?.filter((t) => !!t.due_date && t.due_date < today).length ?? 0
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatTile label="Due today" value={String(dueToday)} icon={CheckSquare} to="/app/tasks?view=today" loading={isPending} />
      <StatTile label="Overdue" value={String(overdue)} icon={ClockCounterClockwise} tone="warning" loading={isPending} />
      <StatTile label="Focus today" value={`${focus.sessions}/${focus.goal}`} icon={Timer} tone="focus" to="/app/pomodoro" loading={focus.isPending} />
      <StatTile label="Focus streak" value={`${focus.streak} ${focus.streak === 1 ? 'day' : 'days'}`} icon={Fire} tone="streak" loading={focus.isPending} />
    </div>
  )
}

function SideSkeleton() {
  return (
    <div className="grid gap-6" aria-hidden>
      <Skeleton className="h-56 rounded-xl" />
      <Skeleton className="h-56 rounded-xl" />
    </div>
  )
}

/** /app: the day at a glance (issue 22). Prerendered; the user's words come from the boot script. */
export default function Dashboard() {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const openQuickAdd = useQuickAddStore((s) => s.setOpen)
  const now = new Date()
  const today = dayOf(now)
  const agenda = useAgenda(user.id, today)
  const completion = useSetTaskCompleted()
  const queryClient = useQueryClient()
  const [issueTask, setIssueTask] = useState<DashboardTask | null>(null)

  const agendaProps = {
    tasks: agenda.data,
    today,
    isPending: agenda.isPending,
    error: agenda.error,
    onRetry: () => void agenda.refetch(),
    onComplete: (t: DashboardTask) => {
      completion.complete(t.id, t.title)
      void tickSound(queryClient, user.id)
    },
    onAdd: () => openQuickAdd(true),
    rowActions: (t: DashboardTask) => (
      <DeferredMenu
        menu={TaskRowMenu}
        preload={loadRowMenu}
        trigger={<RowMenuButton title={t.title} />}
        menuProps={{
          title: t.title,
          onOpen: () => navigate(`/app/tasks?taskId=${t.id}`),
          onCreateIssue: () => setIssueTask(t),
        }}
      />
    ),
  }

  return (
    <DashboardBackground userId={user.id}>
      <div className="mx-auto grid max-w-6xl gap-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight" data-boot="greeting">
              {greetingFor(user, now)}
            </h1>
            <p className="text-sm text-muted-foreground" data-boot="date">
              {dateLineFor(now)}
            </p>
          </div>
          <Button onClick={() => openQuickAdd(true)} data-print-hide>
            <Plus size={16} aria-hidden />
            Add task
          </Button>
        </div>
        <Stats tasks={agenda.data} today={today} isPending={agenda.isPending} />
        {/* Until today's tasks are in, nothing is drawn below the agenda: its
            height is the number of tasks, and a card pushed down when they
            arrive is a layout shift (Lighthouse's CLS 0.22 on /app). The
            week ahead reads the same answer; on a narrow screen the side
            column sits under the agenda, so it shows with the tasks too. */}
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
          <div className="grid gap-6">
            <AgendaCard {...agendaProps} />
            {agenda.isPending ? null : <UpcomingCard {...agendaProps} />}
          </div>
          <div className={cn('grid gap-6', agenda.isPending && 'max-lg:hidden')}>
            <FocusCard now={now} />
            <WhenVisible fallback={<SideSkeleton />} load={loadLowerCards}>
              <Suspense fallback={<SideSkeleton />}>
                <div className="grid gap-6">
                  <RecentContent />
                  <TeamActivityCard />
                </div>
              </Suspense>
            </WhenVisible>
          </div>
        </div>
      </div>
      {issueTask ? (
        <Suspense fallback={null}>
          <CreateIssueDialog task={issueTask} onOpenChange={(open) => !open && setIssueTask(null)} />
        </Suspense>
      ) : null}
    </DashboardBackground>
  )
}
