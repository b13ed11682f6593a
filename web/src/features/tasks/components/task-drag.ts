import { type DragEvent, useRef, useState } from 'react'

/**
 * Dragging tasks onto a project or the Inbox of the sidebar (001 §4). The
 * list lives in the page and the sidebar in the shell (or the mobile
 * drawer), two React trees apart, so this is the browser's own drag and
 * drop carrying the task ids, not a library's context around both.
 */
export const TASK_DRAG_TYPE = 'application/x-daybase-tasks'

export function startTaskDrag(event: DragEvent, ids: readonly string[], label: string): void {
  event.dataTransfer.setData(TASK_DRAG_TYPE, JSON.stringify(ids))
  event.dataTransfer.setData('text/plain', label)
  event.dataTransfer.effectAllowed = 'move'
}

function isTaskDrag(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes(TASK_DRAG_TYPE)
}

function draggedIds(event: DragEvent): string[] {
  try {
    const ids: unknown = JSON.parse(event.dataTransfer.getData(TASK_DRAG_TYPE))
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Handlers for an element tasks can be dropped on, and whether tasks are over it now. */
export function useTaskDropTarget(onDrop: (ids: string[]) => void) {
  const [over, setOver] = useState(false)
  const depth = useRef(0)
  return {
    over,
    handlers: {
      onDragEnter: (e: DragEvent) => {
        if (!isTaskDrag(e)) return
        depth.current += 1
        setOver(true)
      },
      onDragOver: (e: DragEvent) => {
        if (!isTaskDrag(e)) return
        e.preventDefault()
        e.dataTransfer.dropEffect = 'move'
      },
      onDragLeave: (e: DragEvent) => {
        if (!isTaskDrag(e)) return
        depth.current = Math.max(0, depth.current - 1)
        if (depth.current === 0) setOver(false)
      },
      onDrop: (e: DragEvent) => {
        if (!isTaskDrag(e)) return
        e.preventDefault()
        depth.current = 0
        setOver(false)
        const ids = draggedIds(e)
        if (ids.length) onDrop(ids)
      },
    },
  }
}
