import { CloudSlash } from '@phosphor-icons/react/dist/csr/CloudSlash'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { useAuthStore } from '@/lib/auth-store'
import { type Conflict, onReplayed, setQueueUser, useOfflineStore, watchConnection } from '@/lib/offline-queue'
import { useHydrating } from '@/lib/prerender'
import { precacheApp } from '@/lib/service-worker'
import { toast } from '@/lib/toast'
import { whenSettled } from '@/lib/when-settled'
import { forgetBases } from '@/features/tasks/api/offline'

// The offline app (issue 26): the shell's indicator, the replay of queued
// changes on reconnect with its conflicts shown, and the query cache kept in
// IndexedDB per user (lib/persisted-cache.ts, loaded at idle).

let stopPersisting: (() => void) | null = null

// Signing out forgets the user's saved cache, so that the next person to
// sign in on this browser never sees it; waiting changes stay under the
// user's own id and are sent when they sign in again.
useAuthStore.subscribe((state, previous) => {
  const before = previous.user?.id
  if (!before || state.user?.id === before) return
  stopPersisting?.()
  stopPersisting = null
  void setQueueUser(state.user?.id ?? null)
  void import('@/lib/persisted-cache').then((m) => m.forgetCache(before))
})

const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  notes: 'notes',
  due_date: 'due date',
  due_time: 'due time',
  priority: 'priority',
  is_completed: 'completion',
  is_starred: 'star',
  tags: 'tags',
  project_id: 'project',
  list: 'list',
  reminders: 'reminders',
  recurrence: 'repeat',
}

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? 'none' : typeof v === 'string' ? `“${v}”` : JSON.stringify(v))

type Open = (id: string) => void

function ConflictList({ conflicts, open }: { conflicts: Conflict[]; open: Open }) {
  return (
    <ul className="mt-1 grid gap-1.5" data-testid="sync-conflicts">
      {conflicts.map((c) => (
        <li key={c.id}>
          {/* With several, each task opens from its own name; one has the toast's button. */}
          {conflicts.length > 1 && !c.deleted ? (
            <button type="button" className="font-medium underline underline-offset-2 hover:no-underline" onClick={() => open(c.id)}>
              {c.title || 'A task'}
            </button>
          ) : (
            <span className="font-medium">{c.title || 'A task'}</span>
          )}
          {c.deleted ? (
            ' was deleted on another device; your offline change was not applied.'
          ) : (
            <ul className="ml-4 list-disc">
              {c.fields.map((f) => (
                <li key={f.field}>
                  {FIELD_NAMES[f.field] ?? f.field}: kept {shown(f.theirs)} (yours was {shown(f.yours)})
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * After a replay: lists refetched, and the outcome told. Conflicts are
 * information to read, not an error (nothing failed: the newer values were
 * kept), so they come in the informational style, open until closed, with
 * a way to the task to check it.
 */
function afterReplay(queryClient: QueryClient, conflicts: Conflict[], open: Open) {
  forgetBases()
  void queryClient.invalidateQueries()
  if (!conflicts.length) {
    toast.success('Offline changes synced')
    return
  }
  const only = conflicts.length === 1 && !conflicts[0]!.deleted ? conflicts[0]! : null
  toast.info('Changed on another device', {
    description: (
      <>
        <p>Synced. Where a task changed on another device too, its newer values were kept:</p>
        <ConflictList conflicts={conflicts} open={open} />
      </>
    ),
    duration: Infinity,
    closeButton: true,
    ...(only ? { action: { label: 'Open task', onClick: () => open(only.id) } } : {}),
  })
}

/** Queue, replay and the saved cache for the signed-in user (the shell calls it once). */
export function useOfflineSync(userId: string) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  useEffect(() => {
    void setQueueUser(userId)
    watchConnection()
    const open = (id: string) => void navigate(`/app/tasks?taskId=${encodeURIComponent(id)}`)
    return onReplayed((conflicts) => afterReplay(queryClient, conflicts, open))
  }, [navigate, queryClient, userId])

  useEffect(() => {
    let cancelled = false
    // Once settled, never with the first page: the persister is its own chunk.
    // (A page opened offline put the saved copy back before its first
    // render: app.tsx.)
    const start = () => {
      precacheApp()
      void import('@/lib/persisted-cache')
        .then((m) => m.persistCache(queryClient, userId))
        .then((stop) => {
          if (cancelled) stop()
          else stopPersisting = stop
        })
    }
    const cancel = whenSettled(queryClient, start, 3000)
    return () => {
      cancelled = true
      cancel()
      stopPersisting?.()
      stopPersisting = null
    }
  }, [queryClient, userId])
}

/** The header's offline indicator: shown while offline or while changes wait to be sent. */
export function OfflineStatus() {
  const hydrating = useHydrating()
  const online = useOfflineStore((s) => s.online)
  const pending = useOfflineStore((s) => s.pending)
  const syncing = useOfflineStore((s) => s.syncing)
  if (hydrating || (online && !pending)) return null
  const waiting = pending ? ` · ${pending} ${pending === 1 ? 'change' : 'changes'} to sync` : ''
  const label = online ? (syncing ? `Syncing${waiting}` : `Online${waiting}`) : `Offline${waiting}`
  return (
    <span
      role="status"
      data-testid="offline-status"
      title={online ? 'Sending the changes made offline' : 'You are offline. Changes are kept on this device and sync when you reconnect.'}
      className="inline-flex h-8 items-center gap-1.5 rounded-md border border-amber-500/40 bg-amber-500/10 px-2 text-xs font-medium text-amber-900 dark:text-amber-200"
    >
      <CloudSlash aria-hidden className="size-4" />
      <span className="max-[480px]:sr-only">{label}</span>
      {/* At 390 px the words give way to the count: still visible how much waits. */}
      {pending ? (
        <span aria-hidden className="tabular-nums min-[481px]:hidden">
          {pending}
        </span>
      ) : null}
    </span>
  )
}
