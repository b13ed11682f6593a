import {
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { Note as NoteIcon } from '@phosphor-icons/react'
import { type KeyboardEvent, type PointerEvent, type ReactNode, useState } from 'react'
import type { NoteSummary } from '../api/get-notes'
import { useMoveNote } from '../api/move-note'
import { noteTitle } from '../utils/note-text'

/** What a note row carries while dragged. */
export type DragNote = { note: Pick<NoteSummary, 'id' | 'title' | 'folder'> }
/** A place a note can be dropped: a folder (by name) or Uncategorized. */
export type DropTarget = { kind: 'folder'; id: string; name: string } | { kind: 'uncategorized' }

function targetLabel(t: DropTarget): string {
  return t.kind === 'folder' ? t.name : 'Uncategorized'
}

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up note ${noteTitle((active.data.current as DragNote | undefined)?.note.title)}.`,
  onDragOver: ({ over }) => (over ? `Over ${targetLabel(over.data.current as DropTarget)}.` : 'Not over a folder.'),
  onDragEnd: ({ active, over }) =>
    over
      ? `Dropped note ${noteTitle((active.data.current as DragNote | undefined)?.note.title)} on ${targetLabel(over.data.current as DropTarget)}.`
      : 'Dropped outside a folder: nothing moved.',
  onDragCancel: () => 'Moving cancelled.',
}

/**
 * With a pointer, the folder under it wins (the dragged chip is wider than
 * a sidebar row and may overlap the row above), else the chip's overlap.
 * With the keyboard, which has no pointer, the arrows put the note on a
 * target's centre (toNextTarget): the target it sits on, if any.
 */
const collision: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) {
    return closestCenter(args).filter((c) => (c.data?.value as number | undefined) !== undefined && (c.data?.value as number) < 4)
  }
  const hits = pointerWithin(args)
  return hits.length > 0 ? hits : rectIntersection(args)
}

const STEP: Record<string, -1 | 1> = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1 }

/**
 * The keyboard goes from target to target (top to bottom in the sidebar),
 * not 25 px at a time: Down or Right to the next, Up or Left to the
 * previous; from none, Down starts at the first and Up at the last.
 */
const toNextTarget: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = STEP[event.code]
  const { collisionRect, droppableRects, droppableContainers, over } = context
  if (!step || !collisionRect) return undefined
  event.preventDefault()
  const targets = droppableContainers
    .getEnabled()
    .flatMap((c) => {
      const rect = droppableRects.get(c.id)
      return rect ? [{ id: c.id, rect }] : []
    })
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left)
  if (targets.length === 0) return undefined
  const at = targets.findIndex((t) => t.id === over?.id)
  const next = at < 0 ? (step > 0 ? 0 : targets.length - 1) : Math.min(targets.length - 1, Math.max(0, at + step))
  const rect = targets[next]?.rect
  if (!rect) return undefined
  return {
    x: currentCoordinates.x + rect.left + rect.width / 2 - (collisionRect.left + collisionRect.width / 2),
    y: currentCoordinates.y + rect.top + rect.height / 2 - (collisionRect.top + collisionRect.height / 2),
  }
}

/** The dragged chip sits just below and right of the pointer (not where the grabbed row was). */
const atPointer: Modifier = ({ transform, activatorEvent, draggingNodeRect, activeNodeRect }) => {
  if (!activatorEvent || !draggingNodeRect || !activeNodeRect || !('clientX' in activatorEvent)) return transform
  const e = activatorEvent as unknown as { clientX: number; clientY: number }
  return {
    ...transform,
    x: transform.x + e.clientX - activeNodeRect.left + 8,
    y: transform.y + e.clientY - activeNodeRect.top + 8,
  }
}

/** The folder a drop sets: the folder's name, null for Uncategorized; undefined when the drop changes nothing. */
export function dropFolder(note: DragNote['note'], target: DropTarget): string | null | undefined {
  const folder = target.kind === 'folder' ? target.name : null
  // Dropping on the note's own folder does nothing (002 §2).
  if ((note.folder ?? '').toLowerCase() === (folder ?? '').toLowerCase()) return undefined
  return folder
}

/**
 * Drag a note onto a folder in the sidebar to move it there, onto
 * Uncategorized to take it out (002 §2), with the mouse, touch or the
 * keyboard (Space on a row's handle, arrows, Space again). Wraps the notes
 * routes so the list, the sidebar's folder lists and the drop targets share
 * one context.
 */
export function NotesDndProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const sensors = useSensors(
    // A click on a row stays a click: dragging starts after 6 px.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: toNextTarget }),
  )
  const move = useMoveNote()
  const [dragging, setDragging] = useState<DragNote['note'] | null>(null)

  const onDragStart = ({ active }: DragStartEvent) => setDragging((active.data.current as DragNote | undefined)?.note ?? null)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null)
    const note = (active.data.current as DragNote | undefined)?.note
    const target = over?.data.current as DropTarget | undefined
    if (!note || !target) return
    const folder = dropFolder(note, target)
    if (folder === undefined) return
    move.mutate({ userId, id: note.id, folder })
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this note to a folder, press Space or Enter, use the arrow keys to reach a folder in the sidebar, then press Space or Enter again. Escape cancels.',
        },
      }}
    >
      {children}
      <DragOverlay dropAnimation={null} modifiers={[atPointer]}>
        {dragging ? (
          <div className="flex max-w-64 items-center gap-2 rounded-md border bg-popover px-3 py-2 text-sm font-medium text-popover-foreground shadow-lg">
            <NoteIcon size={16} aria-hidden className="text-muted-foreground" />
            <span className="truncate">{noteTitle(dragging.title)}</span>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  )
}

/** A drop target's state for rendering (highlight while a note is over it). */
export function useNoteDropTarget(id: string, target: DropTarget, disabled = false) {
  const { setNodeRef, isOver, active } = useDroppable({ id, data: target, disabled })
  const note = (active?.data.current as DragNote | undefined)?.note
  const accepts = note ? dropFolder(note, target) !== undefined : false
  return { setNodeRef, isOver: isOver && accepts, dragging: !!active }
}

/**
 * A note that can be dragged: the whole row starts a drag with the pointer,
 * its handle with the keyboard (so Enter on the row's link still opens it).
 */
export function useDraggableNote(id: string, note: DragNote['note']) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id, data: { note } satisfies DragNote })
  // dnd-kit types its listeners as Function; these two are the sensors' React handlers.
  const onPointerDown = listeners?.onPointerDown as ((e: PointerEvent<HTMLElement>) => void) | undefined
  const onKeyDown = listeners?.onKeyDown as ((e: KeyboardEvent<HTMLElement>) => void) | undefined
  return {
    setNodeRef,
    isDragging,
    rowProps: { onPointerDown },
    handleProps: { ref: setActivatorNodeRef, ...attributes, onKeyDown },
  }
}
