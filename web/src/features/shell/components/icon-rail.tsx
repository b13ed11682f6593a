import { type FocusEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { NavLink } from 'react-router'
import { cn } from '@/lib/cn'
import { type Area, type NavItem, RAIL_BOTTOM_ITEMS, RAIL_ITEMS } from '../utils/modules'

type Tooltips = typeof import('@/components/ui/tooltip')

// The rail's tooltips (Radix Tooltip and floating-ui) load when the pointer
// or focus first reaches the rail: the first paint of the app needs none of
// that code. Kept here once loaded, so a remounted rail has them at once.
let loaded: Tooltips | null = null
let loading: Promise<Tooltips> | null = null
let pointerDown = false
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerDown = true), { capture: true, passive: true })
  const up = () => setTimeout(() => (pointerDown = false))
  document.addEventListener('pointerup', up, { capture: true, passive: true })
  document.addEventListener('pointercancel', up, { capture: true, passive: true })
}

/**
 * The tooltips once their code is there. Adding them remounts the rail's
 * links, so that never happens while a button is pressed (the click would
 * be lost between the old and the new link): it waits for the release.
 */
function useRailTooltips(): [Tooltips | null, () => void] {
  const [tooltips, setTooltips] = useState(loaded)
  const load = () => {
    if (tooltips) return
    loading ??= import('@/components/ui/tooltip').then((m) => (loaded = m))
    void loading.then(function apply(m) {
      if (pointerDown) setTimeout(() => apply(m), 50)
      else setTooltips(m)
    })
  }
  return [tooltips, load]
}

/** Something drawn on a module's rail link (the focus timer's progress bar under Pomodoro). */
export type RailAddons = Partial<Record<Area, ReactNode>>

type RailLinkProps = { item: NavItem; onNavigate?: () => void; expanded: boolean; tooltips: Tooltips | null; addon?: ReactNode }

function RailLink({ item, onNavigate, expanded, tooltips, addon }: RailLinkProps) {
  const Icon = item.icon
  const link = (
    <NavLink
      to={item.to}
      end={item.to === '/app'}
      onClick={onNavigate}
      aria-label={expanded ? undefined : item.label}
      className={({ isActive }) =>
        cn(
          'relative flex items-center gap-3 rounded-lg text-sidebar-foreground/80 outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
          expanded ? 'h-10 px-3 text-sm' : 'size-10 justify-center',
          isActive && 'bg-sidebar-accent text-primary',
        )
      }
    >
      {({ isActive }) => (
        <>
          <Icon size={22} weight={isActive ? 'fill' : 'regular'} aria-hidden />
          {expanded ? item.label : null}
          {addon}
        </>
      )}
    </NavLink>
  )
  return expanded || !tooltips ? link : <tooltips.Tooltip content={item.label}>{link}</tooltips.Tooltip>
}

/**
 * The module links: an icon rail on wide screens, a labelled list in the
 * mobile drawer.
 */
export function IconRail({ expanded = false, onNavigate, addons }: { expanded?: boolean; onNavigate?: () => void; addons?: RailAddons }) {
  const [tooltips, loadTooltips] = useRailTooltips()
  const nav = useRef<HTMLElement>(null)
  const focused = useRef<string | null>(null)

  // The links were remounted with their tooltips: keep the focus where it was.
  useLayoutEffect(() => {
    const href = focused.current
    if (!tooltips || !href) return
    const active = document.activeElement
    if (active && active !== document.body) return
    nav.current?.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`)?.focus()
  }, [tooltips])

  const links = (
    <>
      {RAIL_ITEMS.map((item) => (
        <RailLink key={item.to} item={item} expanded={expanded} onNavigate={onNavigate} tooltips={tooltips} addon={addons?.[item.area]} />
      ))}
      <div className="mt-auto flex flex-col gap-1">
        {RAIL_BOTTOM_ITEMS.map((item) => (
          <RailLink key={item.to} item={item} expanded={expanded} onNavigate={onNavigate} tooltips={tooltips} />
        ))}
      </div>
    </>
  )
  return (
    <nav
      ref={nav}
      aria-label="Modules"
      className={cn('flex flex-1 flex-col gap-1', expanded ? 'p-2' : 'items-center py-3')}
      onPointerOver={expanded ? undefined : loadTooltips}
      onFocus={
        expanded
          ? undefined
          : (event: FocusEvent) => {
              focused.current = event.target.getAttribute('href')
              loadTooltips()
            }
      }
      onBlur={(event: FocusEvent) => {
        if (event.relatedTarget) focused.current = null
      }}
    >
      {tooltips && !expanded ? <tooltips.TooltipProvider delayDuration={400}>{links}</tooltips.TooltipProvider> : links}
    </nav>
  )
}
