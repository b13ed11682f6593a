import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core'
import { Plus } from '@phosphor-icons/react'
import { type FormEvent, useMemo, useState } from 'react'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { useRequiredUser } from '@/lib/auth-store'
import { newTempId, useCreateTaskOptimistic } from '../api/create-task'
import { useAccessibleTasks } from '../api/get-accessible-tasks'
import { useSetTaskCompleted } from '../api/complete-task'
import { useUpdateTask } from '../api/update-task'
import type { Task } from '../types'
import { byQuadrant, levelsFor, QUADRANTS, type QuadrantId } from '../utils/matrix'

const TONES: Record<QuadrantId, string> = {
  do: 'border-t-red-500',
  schedule: 'border-t-blue-500',
  delegate: 'border-t-amber-500',
  eliminate: 'border-t-gray-400',
}

function Card({ task, onComplete }: { task: Task; onComplete: () => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: task.id })
  return (
    <li
      ref={setNodeRef}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn('flex items-center gap-2 rounded-md border bg-card px-2 py-1.5 text-sm shadow-xs', isDragging && 'z-10 opacity-80 shadow-md')}
    >
      <input type="checkbox" aria-label={`Complete ${task.title}`} className="size-4 shrink-0 accent-primary" onChange={onComplete} />
      <button
        type="button"
        {...listeners}
        {...attributes}
        aria-label={`${task.title}: drag to another quadrant`}
        className="min-w-0 flex-1 cursor-grab touch-none truncate rounded-sm text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {task.title}
      </button>
    </li>
  )
}

function Quadrant({ id, tasks, onAdd, onComplete }: { id: QuadrantId; tasks: Task[]; onAdd: (title: string) => void; onComplete: (t: Task) => void }) {
  const q = QUADRANTS.find((x) => x.id === id)!
  const { setNodeRef, isOver } = useDroppable({ id })
  const [title, setTitle] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim()) return
    onAdd(title.trim())
    setTitle('')
  }
  return (
    <section
      ref={setNodeRef}
      aria-label={q.title}
      className={cn('flex min-h-48 flex-col gap-2 rounded-lg border border-t-4 bg-muted/30 p-3', TONES[id], isOver && 'ring-2 ring-primary')}
    >
      <header className="flex items-baseline justify-between gap-2">
        <h2 className="font-semibold">{q.title}</h2>
        <span className="text-xs text-muted-foreground" aria-label={`${tasks.length} tasks`}>
          {tasks.length}
        </span>
      </header>
      <p className="-mt-1 text-xs text-muted-foreground">{q.hint}</p>
      <ul className="grid gap-1.5">
        {tasks.map((t) => (
          <Card key={t.id} task={t} onComplete={() => onComplete(t)} />
        ))}
      </ul>
      {tasks.length === 0 ? <p className="text-xs text-muted-foreground">Nothing here. Drag a task in or add one.</p> : null}
      <form onSubmit={submit} className="mt-auto flex items-center gap-1">
        <Plus size={14} className="text-muted-foreground" aria-hidden />
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-label={`New task in ${q.title}`}
          placeholder="Add a task"
          maxLength={500}
          className="h-8 min-w-0 flex-1 rounded-sm bg-transparent text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
        />
      </form>
    </section>
  )
}

/**
 * /app/matrix (001 §2; issue 19): the open tasks in four quadrants by
 * importance and urgency (utils/matrix.ts). Dropping a task on a quadrant
 * sets both levels at once, optimistically; completing one takes it away.
 */
export function MatrixScreen() {
  const user = useRequiredUser()
  const tasks = useAccessibleTasks(user.id)
  const update = useUpdateTask(user.id)
  const { mutate: complete } = useSetTaskCompleted(user.id)
  const create = useCreateTaskOptimistic(user.id)
  const quadrants = useMemo(() => byQuadrant(tasks.data ?? [], user.id), [tasks.data, user.id])
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor))

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const task = tasks.data?.find((t) => t.id === active.id)
    if (!task || !over) return
    const patch = levelsFor(task, over.id as QuadrantId)
    if (patch.importance === task.importance && patch.urgency === task.urgency) return
    update.mutate({ id: task.id, patch })
  }

  return (
    <div>
      <PageHeader title="Eisenhower Matrix" description="Important and urgent work first. Drag tasks between quadrants." />
      {tasks.isPending ? (
        <div className="grid gap-3 p-4 md:grid-cols-2 md:p-6">
          {QUADRANTS.map((q) => (
            <Skeleton key={q.id} className="h-48" />
          ))}
        </div>
      ) : (
        <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: 'Press space to pick the task up, arrow keys to move it, space to drop it on a quadrant.' } }}>
          <div className="grid gap-3 p-4 md:grid-cols-2 md:p-6">
            {QUADRANTS.map((q) => (
              <Quadrant
                key={q.id}
                id={q.id}
                tasks={quadrants[q.id]}
                onComplete={(t) => complete({ task: t, completed: true })}
                onAdd={(title) =>
                  create.mutate({
                    tempId: newTempId(),
                    userId: user.id,
                    title,
                    importance: q.important ? 3 : 0,
                    urgency: q.urgent ? 3 : 0,
                  })
                }
              />
            ))}
          </div>
        </DndContext>
      )}
    </div>
  )
}
