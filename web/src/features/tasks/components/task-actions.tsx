import {
  ArrowsOut,
  ClockCounterClockwise,
  Copy,
  DotsThreeVertical,
  DownloadSimple,
  LinkSimple,
  ShareNetwork,
  Star,
  Trash,
  X,
} from '@phosphor-icons/react'
import { Checkbox as CheckboxPrimitive } from 'radix-ui'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useRequiredUser } from '@/lib/auth-store'
import { downloadText } from '@/lib/download'
import { toast } from '@/lib/toast'
import { useSetTaskCompleted, useSetTaskStarred } from '../api/complete-task'
import { deleteConfirmation, useDeleteTask } from '../api/delete-task'
import { useDuplicateTask } from '../api/duplicate-task'
import { useAccessibleTasks } from '../api/get-accessible-tasks'
import { useProjectDialogStore } from '../stores/project-dialog-store'
import type { Task } from '../types'
import { exportFileName, taskToIcs, taskToMarkdown } from '../utils/export'
import { byManualOrder } from '../utils/views'

/** The link to a task: it opens the task screens with the task in the pane (001 §2, ?taskId=). */
export function taskLink(id: string): string {
  return `${window.location.origin}/app/tasks?taskId=${id}`
}

type Props = {
  task: Task
  onClose: () => void
  /** Before the task goes (deleted): the pane stops saving it. */
  onDeleted: () => void
  onOpenModal?: () => void
  onDuplicated: (id: string) => void
}

/**
 * The pane's and the modal's header actions (001 §2): complete, star,
 * duplicate (a real copy with subtasks), share (a link to the task, or the
 * project's share dialog), export (Markdown or iCalendar), activity log,
 * open in a modal, delete with the spec's confirmation, close.
 */
export function TaskActions({ task, onClose, onDeleted, onOpenModal, onDuplicated }: Props) {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const complete = useSetTaskCompleted(user.id)
  const star = useSetTaskStarred(user.id)
  const remove = useDeleteTask(user.id)
  const duplicate = useDuplicateTask(onDuplicated)
  const tasks = useAccessibleTasks(user.id)
  const openProjectDialog = useProjectDialogStore((s) => s.open)
  const [confirm, setConfirm] = useState(false)
  const subtasks = () => (tasks.data ?? []).filter((t) => t.parent_id === task.id && !t.is_deleted).sort(byManualOrder)
  const temp = task.id.startsWith('temp-')

  const copyLink = () => {
    navigator.clipboard
      .writeText(taskLink(task.id))
      .then(() => toast.success('Link copied', { description: 'Anyone who can see this task can open it with the link.' }))
      .catch(() => toast.error('Could not copy the link', { description: taskLink(task.id) }))
  }

  return (
    <div className="flex items-center gap-1">
      <CheckboxPrimitive.Root
        checked={task.is_completed}
        disabled={temp}
        onCheckedChange={(v) => complete.mutate({ task, completed: v === true })}
        aria-label={task.is_completed ? 'Reopen task' : 'Complete task'}
        className="mr-1 flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-muted-foreground/60 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-muted-foreground data-[state=checked]:bg-muted-foreground"
      >
        <CheckboxPrimitive.Indicator className="size-2 rounded-full bg-background" />
      </CheckboxPrimitive.Root>
      <span className="mr-auto text-sm text-muted-foreground">{task.is_completed ? 'Completed' : ''}</span>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-pressed={task.is_starred}
        aria-label="Star task"
        disabled={temp}
        onClick={() => star.mutate({ id: task.id, starred: !task.is_starred })}
        className={task.is_starred ? 'text-amber-500' : undefined}
      >
        <Star size={18} weight={task.is_starred ? 'fill' : 'regular'} aria-hidden />
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label="More task actions" disabled={temp}>
            <DotsThreeVertical size={18} weight="bold" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          {onOpenModal ? (
            <DropdownMenuItem onSelect={onOpenModal}>
              <ArrowsOut size={16} aria-hidden /> Open in a dialog
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => duplicate.mutate(task.id)}>
            <Copy size={16} aria-hidden /> Duplicate
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={copyLink}>
            <LinkSimple size={16} aria-hidden /> Copy link to task
          </DropdownMenuItem>
          {task.project_id ? (
            <DropdownMenuItem onSelect={() => task.project_id && openProjectDialog({ kind: 'share', projectId: task.project_id })}>
              <ShareNetwork size={16} aria-hidden /> Share project…
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem
            onSelect={() => downloadText(exportFileName(task.title, 'md'), taskToMarkdown(task, subtasks()), 'text/markdown')}
          >
            <DownloadSimple size={16} aria-hidden /> Export as Markdown
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => downloadText(exportFileName(task.title, 'ics'), taskToIcs(task, subtasks()), 'text/calendar')}>
            <DownloadSimple size={16} aria-hidden /> Export as iCalendar
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate('/app/activity')}>
            <ClockCounterClockwise size={16} aria-hidden /> Activity log
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-destructive data-[highlighted]:text-destructive" onSelect={() => setConfirm(true)}>
            <Trash size={16} aria-hidden /> Delete task
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Button variant="ghost" size="icon-sm" aria-label="Close task" onClick={onClose}>
        <X size={18} aria-hidden />
      </Button>
      <DeleteTaskDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={task.title}
        onConfirm={() => {
          onDeleted()
          remove.mutate(task.id)
        }}
      />
    </div>
  )
}

/** 'Are you sure you want to delete "{title}"? This action cannot be undone.' (001 §4). */
export function DeleteTaskDialog({
  open,
  onOpenChange,
  title,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  onConfirm: () => void
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete task"
      description={deleteConfirmation(title)}
      action="Delete"
      onConfirm={onConfirm}
    />
  )
}

