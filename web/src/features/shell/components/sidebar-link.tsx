import type { Icon } from '@phosphor-icons/react'
import { NavLink, useLocation } from 'react-router'
import { cn } from '@/lib/cn'

type SidebarLinkProps = {
  to: string
  label: string
  icon: Icon
  /** Active only when the search string (e.g. ?view=today) matches too. */
  matchSearch?: boolean
  end?: boolean
  onNavigate?: (() => void) | undefined
}

/** A row of a module sidebar. */
export function SidebarLink({ to, label, icon: IconComponent, matchSearch = false, end = true, onNavigate }: SidebarLinkProps) {
  const location = useLocation()
  const [path, query = ''] = to.split('?')
  const [pathNoHash = path, hash] = (path ?? '').split('#')
  return (
    <NavLink
      to={to}
      end={end}
      onClick={onNavigate}
      className={({ isActive }) => {
        let active = isActive && location.pathname === pathNoHash
        if (matchSearch) active = active && location.search === (query ? `?${query}` : '')
        if (hash) active = location.pathname === pathNoHash && location.hash === `#${hash}`
        return cn(
          'flex h-9 items-center gap-2.5 rounded-md px-2.5 text-sm text-sidebar-foreground/85 outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
          active && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
        )
      }}
    >
      <IconComponent size={18} weight="duotone" aria-hidden />
      <span className="truncate">{label}</span>
    </NavLink>
  )
}

export function SidebarSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-0.5" aria-label={title}>
      <h2 className="px-2.5 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
      {children}
    </section>
  )
}
