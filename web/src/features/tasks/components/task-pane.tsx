import { useQueryClient } from '@tanstack/react-query'
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { useTask } from '../api/get-task'
import { TASK_PREFERENCES, useSaveTaskPreference, useTaskPreference, useTaskZone } from '../api/task-preferences'
import { useTaskDraft } from '../hooks/use-task-draft'
import { useTaskSave } from '../hooks/use-task-save'
import type { Task } from '../types'
import { savedAgo } from '../utils/dates'
import { TaskActions } from './task-actions'
import { TaskEditModal } from './task-edit-modal'
import { TaskEditor } from './task-editor'

/** Side pane widths (001 §2, §9): 280 to 1200 px, 320 by default, kept as taskEditPaneWidth. */
export const PANE_MIN = 280
export const PANE_MAX = 1200
export const PANE_DEFAULT = 320
/** The list keeps at least this much room beside the pane. */
const LIST_MIN = 360
const KEY_STEP = 16

export function clampPaneWidth(width: number, viewport: number): number {
  const max = Math.max(PANE_MIN, Math.min(PANE_MAX, viewport - LIST_MIN))
  return Math.round(Math.min(max, Math.max(PANE_MIN, width)))
}

type Props = {
  taskId: string
  onClose: () => void
  onVanished: () => void
  timeZone?: string | undefined
}

function SavedStatus({ savedAt, saving, failed, zone }: { savedAt: Date | null; saving: boolean; failed: boolean; zone: string }) {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(id)
  }, [])
  const text = saving ? 'Saving…' : failed ? 'Not saved' : savedAt ? `Auto-saved · ${savedAgo(savedAt, savedAt > now ? savedAt : now, zone)}` : ''
  return (
    <p role="status" className="h-5 text-xs text-muted-foreground">
      {text}
    </p>
  )
}

function PaneBody({ task, onClose, onVanished, timeZone }: { task: Task } & Omit<Props, 'taskId'>) {
  const user = useRequiredUser()
  const { zone } = useTaskZone(user.id)
  const { save, savedAt, saving, failed } = useTaskSave(user.id, timeZone)
  const draft = useTaskDraft(task, { autosave: true, save })
  const [modal, setModal] = useState(false)
  return (
    <>
      <div className="flex items-center border-b px-3 py-2">
        <TaskActions
          task={task}
          onClose={() => {
            draft.flush()
            onClose()
          }}
          onDeleted={() => {
            draft.reset()
            onVanished()
          }}
          onOpenModal={() => {
            draft.flush()
            setModal(true)
          }}
          onDuplicated={() => undefined}
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <TaskEditor task={task} draft={draft.draft} change={draft.change} zone={zone} timeZone={timeZone} />
      </div>
      <div className="border-t px-4 py-2">
        <SavedStatus savedAt={savedAt} saving={saving} failed={failed} zone={zone} />
      </div>
      {modal ? <TaskEditModal taskId={task.id} onClose={() => setModal(false)} onVanished={onVanished} timeZone={timeZone} /> : null}
    </>
  )
}

/**
 * The edit pane (001 §2), right of the list on wide screens: resizable from
 * 280 to 1200 px by its edge (drag, or the arrow keys on it), the width
 * kept as the taskEditPaneWidth preference. Changes save themselves a
 * second after the last one.
 */
export default function TaskPane({ taskId, onClose, onVanished, timeZone }: Props) {
  const user = useRequiredUser()
  const queryClient = useQueryClient()
  const task = useTask(queryClient, user.id, taskId)
  const widthPref = useTaskPreference(user.id, TASK_PREFERENCES.paneWidth)
  const saveWidth = useSaveTaskPreference(user.id)
  const stored = typeof widthPref.data === 'number' ? widthPref.data : PANE_DEFAULT
  const [dragWidth, setDragWidth] = useState<number | null>(null)
  const width = clampPaneWidth(dragWidth ?? stored, typeof window === 'undefined' ? 1280 : window.innerWidth)
  const start = useRef<{ x: number; width: number } | null>(null)

  // A task that is gone (deleted, unshared) closes the pane and is forgotten (001 §4).
  useEffect(() => {
    if (task.isFetched && task.data === null) onVanished()
  }, [task.isFetched, task.data, onVanished])

  const commit = (w: number) => {
    const next = clampPaneWidth(w, window.innerWidth)
    setDragWidth(null)
    if (next !== stored) saveWidth.mutate({ key: TASK_PREFERENCES.paneWidth, value: next })
  }

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId)
    start.current = { x: e.clientX, width }
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return
    setDragWidth(start.current.width + (start.current.x - e.clientX))
  }
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return
    const w = start.current.width + (start.current.x - e.clientX)
    start.current = null
    commit(w)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const by = e.key === 'ArrowLeft' ? KEY_STEP : e.key === 'ArrowRight' ? -KEY_STEP : 0
    if (e.key === 'Home') commit(PANE_MAX)
    else if (e.key === 'End') commit(PANE_MIN)
    else if (by) commit(width + by)
    else return
    e.preventDefault()
  }

  const data = task.data
  return (
    <aside aria-label="Task details" className="relative flex shrink-0 flex-col border-l bg-background" style={{ width }}>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize task details"
        aria-valuemin={PANE_MIN}
        aria-valuemax={PANE_MAX}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null
          setDragWidth(null)
        }}
        onKeyDown={onKeyDown}
        className="absolute inset-y-0 -left-1 z-10 w-2 cursor-col-resize touch-none outline-none hover:bg-primary/30 focus-visible:bg-primary/40"
      />
      {data ? (
        <PaneBody task={data} onClose={onClose} onVanished={onVanished} timeZone={timeZone} />
      ) : (
        <div className="grid gap-3 p-4" aria-busy="true">
          <Skeleton className="h-7 w-3/4" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-8 w-2/3" />
        </div>
      )}
    </aside>
  )
}
