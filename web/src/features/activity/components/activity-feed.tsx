import { ClockCounterClockwise } from '@phosphor-icons/react'
import { useEffect, useMemo, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { MemberAvatar } from '@/components/ui/member-avatar'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { useRequiredUser } from '@/lib/auth-store'
import { relativeTime } from '@/lib/relative-time'
import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPES,
  type ActivityEntry,
  isActivityType,
  useActivity,
  useActivityProjects,
  useLiveActivity,
} from '../api/activity'
import { asPredicate, dayTitle, groupByDay } from '../utils/days'

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-56'

function Entry({ e, userId, today }: { e: ActivityEntry; userId: string; today: boolean }) {
  const actor = e.user_id === userId ? 'You' : e.actor_name
  const at = new Date(e.created_at)
  return (
    <li className="flex gap-3 px-3 py-2.5" aria-label={`${actor}: ${asPredicate(e.activity_description)}`}>
      <MemberAvatar name={e.actor_name} url={e.actor_avatar_url} className="size-8 shrink-0" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="text-sm break-words">
          <span className="font-medium">{actor}</span> <span className="text-foreground/90">{asPredicate(e.activity_description)}</span>
        </p>
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
          {e.entity_name ? (
            e.task_id ? (
              <Link to={`/app/tasks?taskId=${e.task_id}`} className="max-w-full truncate rounded-sm underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                {e.entity_name}
              </Link>
            ) : (
              <span className="max-w-full truncate">{e.entity_name}</span>
            )
          ) : null}
          {e.project_name ? <span className="truncate">in {e.project_name}</span> : null}
          <time dateTime={e.created_at} title={at.toLocaleString()}>
            {today ? relativeTime(e.created_at) : `${relativeTime(e.created_at)}, ${at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}`}
          </time>
        </p>
      </div>
    </li>
  )
}

function FeedSkeleton() {
  return (
    <div className="grid gap-3" aria-busy aria-label="Loading activity">
      <Skeleton className="h-4 w-24" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex gap-3 px-3 py-2.5">
          <Skeleton className="size-8 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  )
}

/**
 * /app/activity (002 §2, §7): the reader's activity log from
 * get_activity_logs, grouped by day, narrowed by project and kind (kept in
 * the URL), the next page loading as the end scrolls into view, and new
 * entries arriving live.
 */
export function ActivityFeed() {
  const user = useRequiredUser()
  const [params, setParams] = useSearchParams()
  const projectId = params.get('project')
  const typeParam = params.get('type')
  const type = isActivityType(typeParam) ? typeParam : null
  const filter = useMemo(() => ({ projectId, type }), [projectId, type])
  const feed = useActivity(user.id, filter)
  const projects = useActivityProjects(user.id)
  useLiveActivity(user.id)

  const entries = useMemo(() => feed.data?.pages.flatMap((p) => p.entries) ?? [], [feed.data])
  const groups = useMemo(() => groupByDay(entries), [entries])
  const total = feed.data?.pages[0]?.total ?? 0
  const members = projectId ? (entries[0]?.member_avatars ?? []) : []
  const now = new Date()

  // Infinite scroll: the sentinel at the end asks for the next page.
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed
  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
    }, { rootMargin: '400px' })
    io.observe(el)
    return () => io.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const setFilter = (key: 'project' | 'type', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        if (value) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: true },
    )
  const filtered = !!(projectId || type)

  return (
    <div>
      <PageHeader
        title="Activity log"
        description={feed.isSuccess ? (total ? `${total} ${total === 1 ? 'change' : 'changes'}` : undefined) : undefined}
      />
      <div className="mx-auto grid max-w-3xl gap-4 p-4 md:p-6">
        <div role="group" aria-label="Filter activity" className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <select aria-label="Project" className={selectClass} value={projectId ?? ''} onChange={(e) => setFilter('project', e.target.value)}>
            <option value="">All projects</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <select aria-label="Kind of change" className={selectClass} value={type ?? ''} onChange={(e) => setFilter('type', e.target.value)}>
            <option value="">All kinds of change</option>
            {ACTIVITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {ACTIVITY_LABELS[t]}
              </option>
            ))}
          </select>
          {members.length ? (
            <div className="flex items-center -space-x-2 sm:ml-auto" role="list" aria-label="Project members">
              {members.map((m) => (
                <span role="listitem" key={m.user_id}>
                  <MemberAvatar name={m.name} url={m.avatar_url} label={m.name} className="size-7 text-[10px]" />
                </span>
              ))}
            </div>
          ) : null}
        </div>

        {feed.isPending ? (
          <FeedSkeleton />
        ) : feed.isError ? (
          <EmptyState icon={ClockCounterClockwise} title="Failed to Load Activity Log" description={feed.error.message}>
            <Button variant="outline" onClick={() => void feed.refetch()}>
              Try Again
            </Button>
          </EmptyState>
        ) : entries.length === 0 ? (
          <EmptyState
            icon={ClockCounterClockwise}
            title="No Activity Yet"
            description={
              filtered
                ? 'Nothing matches these filters. Try another project or kind of change.'
                : 'Changes to your tasks and projects, and what teammates do on tasks you own, show here as they happen.'
            }
          >
            {filtered ? (
              <Button variant="outline" onClick={() => setParams({}, { replace: true })}>
                Clear filters
              </Button>
            ) : null}
          </EmptyState>
        ) : (
          <div className="grid gap-5">
            {groups.map((g) => {
              const title = dayTitle(g.key, now)
              return (
                <section key={g.key} aria-label={title} className="grid gap-1">
                  <h2 className="sticky top-0 z-10 bg-background/95 px-1 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase backdrop-blur">
                    {title}
                  </h2>
                  <ul aria-label={`Activity on ${title}`} className="divide-y rounded-lg border bg-card">
                    {g.entries.map((e) => (
                      <Entry key={e.id} e={e} userId={user.id} today={title === 'Today'} />
                    ))}
                  </ul>
                </section>
              )
            })}
            <div ref={sentinel} className="flex min-h-10 items-center justify-center">
              {hasNextPage ? (
                <Button variant="outline" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                  {isFetchingNextPage ? <Spinner label="Loading more" /> : null} Load more
                </Button>
              ) : (
                <p className="text-xs text-muted-foreground">That is everything{filtered ? ' for these filters' : ''}.</p>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  )
}
