import { DndContext, type DragEndEvent, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core'
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ProjectRow, type ProjectRowProps } from './project-row'

function SortableRow(props: Omit<ProjectRowProps, 'sortable'>) {
  const { setNodeRef, listeners, transform, transition, isDragging } = useSortable({ id: props.project.id, disabled: !props.movable })
  return (
    <ProjectRow
      {...props}
      sortable={{ setNodeRef, listeners, isDragging, style: { transform: CSS.Translate.toString(transform), transition } }}
    />
  )
}

/**
 * Cancels the click that ends a drag (the pointer is released over the
 * dragged link). dnd-kit stops that click at the document, so React never
 * sees it, but the link would still follow its href natively: a full page
 * load of the project. A listener on the window runs first; the click comes
 * in the same task as the pointerup, so it is gone soon after.
 */
function swallowClick() {
  const swallow = (e: MouseEvent) => e.preventDefault()
  window.addEventListener('click', swallow, { capture: true, once: true })
  setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 100)
}

type Props = {
  rows: Omit<ProjectRowProps, 'sortable'>[]
  /** The owned projects' ids in their new order, after a drop. */
  onReorder: (fromId: string, toId: string) => void
}

/**
 * The projects list with drag to reorder (dnd-kit), loaded when the pointer
 * or the focus first reaches the list; until then the same rows without it.
 * The click that ends a drag does not open the dragged project.
 */
export default function SortableProjects({ rows, onReorder }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }))
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    swallowClick()
    if (over && active.id !== over.id) onReorder(String(active.id), String(over.id))
  }
  const owned = rows.filter((r) => r.movable).map((r) => r.project.id)
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      onDragCancel={swallowClick}
    >
      <SortableContext items={owned} strategy={verticalListSortingStrategy}>
        <ul className="grid gap-0.5" aria-label="Projects">
          {rows.map((r) => (
            <SortableRow key={r.project.id} {...r} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}

