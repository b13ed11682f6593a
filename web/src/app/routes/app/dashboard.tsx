import { BookOpen, CheckSquare, Note, Plus, SquaresFour, Timer, UsersThree } from '@phosphor-icons/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { dateLineFor, greetingFor } from '@/features/shell/utils/signed-in-text'
import { openTasksQueryOptions } from '@/features/tasks/api/get-tasks'
import { OpenTaskList } from '@/features/tasks/components/open-task-list'
import { useQuickAddStore } from '@/features/tasks/stores/quick-add-store'
import { appearanceQueryOptions, useAppearance } from '@/features/theme/api/appearance'
import type { Prefetch } from '@/lib/prefetch'

const SHORTCUTS = [
  { to: '/app/tasks', label: 'Tasks', icon: CheckSquare },
  { to: '/app/matrix', label: 'Matrix', icon: SquaresFour },
  { to: '/app/notes', label: 'Notes', icon: Note },
  { to: '/app/journal', label: 'Journal', icon: BookOpen },
  { to: '/app/pomodoro', label: 'Focus', icon: Timer },
  { to: '/app/teams', label: 'Teams', icon: UsersThree },
] as const

/**
 * The page with the background the user chose. Only this wrapper reads the
 * preference: its answer arriving re-renders one element, not the page.
 */
function DashboardBackground({ userId, children }: { userId: string; children: ReactNode }) {
  const background = useAppearance(userId, 'showDashboardBackground')
  return (
    <div
      className={cn(
        'min-h-full p-4 md:p-6',
        background && 'bg-gradient-to-br from-primary/10 via-background to-background',
      )}
    >
      {children}
    </div>
  )
}

/** The page's first queries: the open tasks and the background preference. */
export const prefetch: Prefetch = (userId) => [
  openTasksQueryOptions(userId),
  appearanceQueryOptions(userId, 'showDashboardBackground'),
]

export default function Dashboard() {
  const user = useRequiredUser()
  const openQuickAdd = useQuickAddStore((s) => s.setOpen)
  const now = new Date()

  return (
    <DashboardBackground userId={user.id}>
      <div className="mx-auto grid max-w-5xl gap-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight" data-boot="greeting">
              {greetingFor(user, now)}
            </h1>
            <p className="text-sm text-muted-foreground" data-boot="date">
              {dateLineFor(now)}
            </p>
          </div>
          <Button onClick={() => openQuickAdd(true)}>
            <Plus size={16} aria-hidden />
            Add task
          </Button>
        </div>
        <nav aria-label="Areas" className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {SHORTCUTS.map(({ to, label, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className="flex flex-col items-center gap-1.5 rounded-xl border bg-card p-3 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon size={24} weight="duotone" className="text-primary" aria-hidden />
              {label}
            </Link>
          ))}
        </nav>
        <Card>
          <CardHeader>
            <CardTitle>Open tasks</CardTitle>
          </CardHeader>
          <CardContent className="px-0">
            <OpenTaskList />
          </CardContent>
        </Card>
      </div>
    </DashboardBackground>
  )
}
