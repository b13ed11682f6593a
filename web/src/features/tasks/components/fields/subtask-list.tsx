import { Plus, X } from '@phosphor-icons/react'
import { Checkbox as CheckboxPrimitive } from 'radix-ui'
import { type FormEvent, useMemo, useState } from 'react'
import { useRequiredUser } from '@/lib/auth-store'
import { useSetTaskCompleted } from '../../api/complete-task'
import { newTempId, useCreateTaskOptimistic } from '../../api/create-task'
import { useDeleteTask } from '../../api/delete-task'
import { useAccessibleTasks } from '../../api/get-accessible-tasks'
import { useUpdateTask } from '../../api/update-task'
import type { Task } from '../../types'
import { byManualOrder } from '../../utils/views'
import { useTasksEnvironment } from '../tasks-environment'

function SubtaskTitle({ task, onSave }: { task: Task; onSave: (title: string) => void }) {
  const [title, setTitle] = useState(task.title)
  const [prev, setPrev] = useState(task.title)
  if (task.title !== prev) {
    setPrev(task.title)
    setTitle(task.title)
  }
  return (
    <input
      aria-label={`Subtask ${task.title}`}
      value={title}
      maxLength={500}
      onChange={(e) => setTitle(e.target.value)}
      onBlur={() => {
        if (title.trim() && title.trim() !== task.title) onSave(title.trim())
        else setTitle(task.title)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur()
      }}
      className={`h-8 min-w-0 flex-1 rounded-sm bg-transparent px-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring ${task.is_completed ? 'text-muted-foreground line-through' : ''}`}
    />
  )
}

/**
 * Subtasks (001 §3): one level under the task, in its project, each with
 * its own checkbox. The Free plan allows 20 per task; the 21st opens the
 * paywall (the server holds the same cap).
 */
export function SubtaskList({ parent, timeZone }: { parent: Task; timeZone?: string | undefined }) {
  const user = useRequiredUser()
  const env = useTasksEnvironment()
  const tasks = useAccessibleTasks(user.id)
  const create = useCreateTaskOptimistic(user.id, timeZone)
  const complete = useSetTaskCompleted(user.id)
  const update = useUpdateTask(user.id, { timeZone })
  const remove = useDeleteTask(user.id)
  const [title, setTitle] = useState('')
  const subtasks = useMemo(
    () => (tasks.data ?? []).filter((t) => t.parent_id === parent.id && !t.is_deleted).sort(byManualOrder),
    [tasks.data, parent.id],
  )
  const done = subtasks.filter((s) => s.is_completed).length

  const add = (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim() || parent.id.startsWith('temp-')) return
    if (subtasks.length >= env.subtasksPerTask) {
      env.showPaywall('Subtask limit reached for Free plan')
      return
    }
    create.mutate({
      userId: user.id,
      title: title.trim(),
      parent_id: parent.id,
      tempId: newTempId(),
      extra: { sort_order: Math.max(0, ...subtasks.map((s) => s.sort_order)) + 1, project_id: parent.project_id },
    })
    setTitle('')
  }

  return (
    <section aria-label="Subtasks" className="grid gap-1">
      <h3 className="flex items-center justify-between text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Subtasks
        {subtasks.length ? <span className="font-normal tabular-nums normal-case">{done}/{subtasks.length} done</span> : null}
      </h3>
      {subtasks.length ? (
        <ul className="grid">
          {subtasks.map((s) => (
            <li key={s.id} className="group/sub flex items-center gap-2">
              <CheckboxPrimitive.Root
                checked={s.is_completed}
                onCheckedChange={(v) => complete.mutate({ task: s, completed: v === true })}
                aria-label={s.is_completed ? `Reopen ${s.title}` : `Complete ${s.title}`}
                className="flex size-4 shrink-0 items-center justify-center rounded-full border-2 border-muted-foreground/50 outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-muted-foreground data-[state=checked]:bg-muted-foreground"
              >
                <CheckboxPrimitive.Indicator className="size-1.5 rounded-full bg-background" />
              </CheckboxPrimitive.Root>
              <SubtaskTitle task={s} onSave={(t) => update.mutate({ id: s.id, patch: { title: t } })} />
              <button
                type="button"
                aria-label={`Delete subtask ${s.title}`}
                onClick={() => remove.mutate(s.id)}
                className="flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground opacity-0 outline-none group-hover/sub:opacity-100 hover:bg-muted focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring max-md:opacity-100"
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={add} className="flex items-center gap-2">
        <Plus size={16} className="shrink-0 text-muted-foreground" aria-hidden />
        <input
          aria-label="Add a subtask"
          value={title}
          maxLength={500}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="Add a subtask"
          className="h-8 min-w-0 flex-1 rounded-sm bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
        />
      </form>
    </section>
  )
}
