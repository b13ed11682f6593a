import { type ReactNode, useCallback, useEffect } from 'react'
import { createPortal } from 'react-dom'
import { useSidebarSlotStore } from '../stores/sidebar-slot-store'

function SidebarSkeleton() {
  return (
    <div aria-hidden className="grid gap-2 p-1">
      <div className="mb-1 h-5 w-24 rounded bg-sidebar-accent" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="h-8 rounded-md bg-sidebar-accent/60" />
      ))}
    </div>
  )
}

/**
 * The shell's place for a module sidebar that its route draws
 * (SidebarPortal). A skeleton shows until the route has filled it.
 */
export function SidebarSlot({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const placement = onNavigate ? 'drawer' : 'desktop'
  const setSlot = useSidebarSlotStore((s) => s.setSlot)
  const filled = useSidebarSlotStore((s) => s.filled > 0)
  const ref = useCallback(
    (element: HTMLDivElement | null) => setSlot(placement, element ? { element, onNavigate } : null),
    [placement, onNavigate, setSlot],
  )
  return (
    <>
      {filled ? null : <SidebarSkeleton />}
      <div ref={ref} className="contents" />
    </>
  )
}

/**
 * Draws a route's module sidebar in the shell's slot: in the drawer while
 * it is open (narrow screens), else in the sidebar column. children gets
 * the drawer's close callback to call after a navigation.
 */
export function SidebarPortal({ children }: { children: (onNavigate?: () => void) => ReactNode }) {
  const drawer = useSidebarSlotStore((s) => s.drawer)
  const desktop = useSidebarSlotStore((s) => s.desktop)
  const fill = useSidebarSlotStore((s) => s.fill)
  useEffect(() => fill(), [fill])
  const slot = drawer ?? desktop
  if (!slot) return null
  return createPortal(children(slot.onNavigate), slot.element)
}
