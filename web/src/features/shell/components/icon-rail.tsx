import { NavLink } from 'react-router'
import { Tooltip } from '@/components/ui/tooltip'
import { cn } from '@/lib/cn'
import { type NavItem, RAIL_BOTTOM_ITEMS, RAIL_ITEMS } from '../utils/modules'

function RailLink({ item, onNavigate, expanded }: { item: NavItem; onNavigate?: () => void; expanded: boolean }) {
  const Icon = item.icon
  const link = (
    <NavLink
      to={item.to}
      end={item.to === '/app'}
      onClick={onNavigate}
      aria-label={expanded ? undefined : item.label}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-lg text-sidebar-foreground/80 outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
          expanded ? 'h-10 px-3 text-sm' : 'size-10 justify-center',
          isActive && 'bg-sidebar-accent text-primary',
        )
      }
    >
      {({ isActive }) => (
        <>
          <Icon size={22} weight={isActive ? 'fill' : 'regular'} aria-hidden />
          {expanded ? item.label : null}
        </>
      )}
    </NavLink>
  )
  return expanded ? link : <Tooltip content={item.label}>{link}</Tooltip>
}

/**
 * The module links: an icon rail on wide screens, a labelled list in the
 * mobile drawer.
 */
export function IconRail({ expanded = false, onNavigate }: { expanded?: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Modules" className={cn('flex flex-1 flex-col gap-1', expanded ? 'p-2' : 'items-center py-3')}>
      {RAIL_ITEMS.map((item) => (
        <RailLink key={item.to} item={item} expanded={expanded} onNavigate={onNavigate} />
      ))}
      <div className="mt-auto flex flex-col gap-1">
        {RAIL_BOTTOM_ITEMS.map((item) => (
          <RailLink key={item.to} item={item} expanded={expanded} onNavigate={onNavigate} />
        ))}
      </div>
    </nav>
  )
}
