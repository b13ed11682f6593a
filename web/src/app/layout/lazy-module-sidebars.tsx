import { type ReactNode, useEffect, useState } from 'react'
import { type Area, MODULE_SIDEBAR_AREAS } from '@/features/shell/utils/modules'

type Render = (onNavigate?: () => void) => ReactNode
type Sidebars = typeof import('./module-sidebars')

// The module sidebars (and their ~25 icons) load with the first page of an
// area that has one (route-table.tsx): the dashboard, where most visits
// start, shows none. Kept once loaded, so a sidebar renders at once.
let loaded: Sidebars | null = null

/** Loads the sidebars' module (the route table does, with the pages that show one). */
export function preloadModuleSidebars(): Promise<Sidebars> {
  return import('./module-sidebars').then((m) => (loaded = m))
}

function ModuleSidebar({ area, onNavigate }: { area: Area; onNavigate?: () => void }) {
  const [sidebars, setSidebars] = useState(loaded)
  useEffect(() => {
    if (!sidebars) void preloadModuleSidebars().then(setSidebars)
  }, [sidebars])
  return sidebars ? sidebars.MODULE_SIDEBARS[area]?.(onNavigate) : null
}

/** The module sidebars of spec 000 §2, their code loaded on first use (module-sidebars.tsx). */
export const LAZY_MODULE_SIDEBARS: Partial<Record<Area, Render>> = Object.fromEntries(
  [...MODULE_SIDEBAR_AREAS].map((area) => [area, (onNavigate?: () => void) => <ModuleSidebar area={area} onNavigate={onNavigate} />]),
)
