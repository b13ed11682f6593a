import { ClockCounterClockwise } from '@phosphor-icons/react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { MemberAvatar } from '@/components/ui/member-avatar'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { supabase } from '@/lib/supabase'
import { relativeTime } from '@/lib/relative-time'
import { TASK_ACTIVITY_LIMIT, type TaskActivity, useLiveTaskActivity, useTaskActivity } from '../api/task-activity'
import { asPredicate, dayTitle, groupByDay } from '../utils/days'

type Person = { name: string; avatar_url: string | null }

/** Names for the actors: the people who can see the task (0690). */
function useTaskPeople(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['task-activity', taskId, 'people'],
    queryFn: async ({ signal }) => {
      const r = await supabase.rpc('get_task_people', { p_task_id: taskId }).abortSignal(signal)
      // 002 §8: failed member queries return empty lists silently.
      const people = new Map<string, Person>()
      for (const p of r.data ?? []) people.set(p.user_id, { name: p.full_name?.trim() || p.email || 'Member', avatar_url: p.avatar_url })
      return people
    },
    enabled,
    staleTime: 60_000,
  })
}

const timeOfDay = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })

function Entry({ e, actor, url, today }: { e: TaskActivity; actor: string; url: string | null; today: boolean }) {
  const what = asPredicate(e.activity_description)
  return (
    <li className="flex gap-3 px-3 py-2.5" aria-label={`${actor}: ${what}`}>
      <MemberAvatar name={actor} url={url} className="size-7 shrink-0 text-[10px]" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="text-sm break-words">
          <span className="font-medium">{actor}</span> <span className="text-foreground/90">{what}</span>
        </p>
        <time dateTime={e.created_at} title={new Date(e.created_at).toLocaleString()} className="text-xs text-muted-foreground">
          {today ? relativeTime(e.created_at) : timeOfDay(e.created_at)}
        </time>
      </div>
    </li>
  )
}

function ListSkeleton() {
  return (
    <div className="grid gap-2" aria-busy aria-label="Loading activity">
      <Skeleton className="h-4 w-20" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-3 px-3 py-2">
          <Skeleton className="size-7 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  )
}

function History({ taskId }: { taskId: string }) {
  const user = useRequiredUser()
  const log = useTaskActivity(taskId, true)
  const people = useTaskPeople(taskId, true)
  useLiveTaskActivity(taskId, true)
  const groups = useMemo(() => groupByDay(log.data ?? []), [log.data])
  const now = new Date()

  if (log.isPending) return <ListSkeleton />
  if (log.isError)
    return (
      <EmptyState icon={ClockCounterClockwise} title="Failed to Load Activity Log" description={log.error.message}>
        <Button variant="outline" onClick={() => void log.refetch()}>
          Try Again
        </Button>
      </EmptyState>
    )
  if (!log.data.length)
    return <EmptyState icon={ClockCounterClockwise} title="No Activity Yet" description="Changes to this task, by you or anyone it is shared with, show here." />
  return (
    <div className="grid gap-4">
      {groups.map((g) => {
        const title = dayTitle(g.key, now)
        return (
          <section key={g.key} aria-label={title} className="grid gap-1">
            <h3 className="sticky top-0 z-10 bg-popover/95 px-1 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase backdrop-blur">{title}</h3>
            <ul aria-label={`Activity on ${title}`} className="divide-y rounded-lg border bg-card">
              {g.entries.map((e) => {
                const p = people.data?.get(e.user_id)
                const actor = e.user_id === user.id ? 'You' : (p?.name ?? 'A former member')
                return <Entry key={e.id} e={e} actor={actor} url={p?.avatar_url ?? null} today={title === 'Today'} />
              })}
            </ul>
          </section>
        )
      })}
      {log.data.length === TASK_ACTIVITY_LIMIT ? (
        <p className="text-center text-xs text-muted-foreground">The latest {TASK_ACTIVITY_LIMIT} changes are shown.</p>
      ) : null}
    </div>
  )
}

/**
 * The task's activity log (002 §2): a button in the task pane that opens a
 * dialog with who changed what and when, grouped by day, newest first, the
 * latest 100, live while open.
 */
export function TaskActivityLog({ taskId, title }: { taskId: string; title: string }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="justify-self-start">
          <ClockCounterClockwise aria-hidden /> Activity log
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Activity log</DialogTitle>
          <DialogDescription className="truncate">{title}</DialogDescription>
        </DialogHeader>
        {open ? <History taskId={taskId} /> : null}
      </DialogContent>
    </Dialog>
  )
}
