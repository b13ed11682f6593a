import { create } from 'zustand'

type Slot = { element: HTMLElement; onNavigate: (() => void) | undefined }

type SidebarSlotState = {
  /** The module sidebar's place on wide screens, and in the open drawer on narrow ones. */
  desktop: Slot | null
  drawer: Slot | null
  /** How many route portals fill the slot (the skeleton shows while none does). */
  filled: number
  setSlot: (placement: 'desktop' | 'drawer', slot: Slot | null) => void
  fill: () => () => void
}

/**
 * Where a route draws its own module sidebar (notes, journal): the shell
 * keeps the place, the route portals into it, so the sidebar shares the
 * route's context (queries, drag and drop) and loads with the route.
 */
export const useSidebarSlotStore = create<SidebarSlotState>()((set) => ({
  desktop: null,
  drawer: null,
  filled: 0,
  setSlot: (placement, slot) => set(placement === 'desktop' ? { desktop: slot } : { drawer: slot }),
  fill: () => {
    set((s) => ({ filled: s.filled + 1 }))
    return () => set((s) => ({ filled: s.filled - 1 }))
  },
}))
