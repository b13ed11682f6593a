import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { useDeleteTask } from '../api/delete-task'
import { useTask } from '../api/get-task'
import { useTaskZone } from '../api/task-preferences'
import { useTaskDraft } from '../hooks/use-task-draft'
import { useTaskSave } from '../hooks/use-task-save'
import type { Task } from '../types'
import { DeleteTaskDialog, TaskActions } from './task-actions'
import { TaskEditor } from './task-editor'

type Props = {
  taskId: string
  onClose: () => void
  onVanished: () => void
  timeZone?: string | undefined
}

function ModalBody({ task, onClose, onVanished, timeZone }: { task: Task } & Omit<Props, 'taskId'>) {
  const user = useRequiredUser()
  const { zone } = useTaskZone(user.id)
  const { save } = useTaskSave(user.id, timeZone)
  const draft = useTaskDraft(task, { autosave: false, save })
  const remove = useDeleteTask(user.id)
  const [confirm, setConfirm] = useState(false)
  const blank = !draft.draft.title.trim()
  return (
    <>
      <div className="-mt-2">
        <TaskActions
          task={task}
          onClose={() => {
            draft.reset()
            onClose()
          }}
          onDeleted={() => {
            draft.reset()
            onVanished()
          }}
          onDuplicated={() => undefined}
        />
      </div>
      <TaskEditor task={task} draft={draft.draft} change={draft.change} zone={zone} timeZone={timeZone} />
      <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 flex-row justify-end border-t bg-popover px-6 py-3">
        <Button variant="ghost" className="mr-auto text-destructive hover:text-destructive" onClick={() => setConfirm(true)}>
          Delete
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            draft.reset()
            onClose()
          }}
        >
          Cancel
        </Button>
        <Button
          disabled={blank}
          onClick={() => {
            draft.flush()
            onClose()
          }}
        >
          Save changes
        </Button>
      </DialogFooter>
      <DeleteTaskDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={task.title}
        onConfirm={() => {
          draft.reset()
          remove.mutate(task.id)
          onVanished()
        }}
      />
    </>
  )
}

/**
 * The modal task editor (001 §2): on screens 768 px wide or narrower a task
 * opens here instead of in the side pane, with Save changes, Cancel and
 * Delete. Nothing is saved until Save changes (Cancel drops the edit).
 */
export default function TaskEditModalRoute(props: Props) {
  return <TaskEditModal {...props} />
}

export function TaskEditModal({ taskId, onClose, onVanished, timeZone }: Props) {
  const user = useRequiredUser()
  const queryClient = useQueryClient()
  const task = useTask(queryClient, user.id, taskId)
  useEffect(() => {
    if (task.isFetched && task.data === null) onVanished()
  }, [task.isFetched, task.data, onVanished])
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-1rem)] max-w-xl gap-5" hideClose>
        <DialogTitle className="sr-only">Edit task</DialogTitle>
        <DialogDescription className="sr-only">Change the task, then Save changes.</DialogDescription>
        {task.data ? (
          <ModalBody task={task.data} onClose={onClose} onVanished={onVanished} timeZone={timeZone} />
        ) : (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-7 w-3/4" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
