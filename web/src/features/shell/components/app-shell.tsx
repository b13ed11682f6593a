import { List, SidebarSimple } from '@phosphor-icons/react'
import { type ReactNode, Suspense, lazy, memo, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { LogoMark } from '@/components/ui/logo-mark'
import { cn } from '@/lib/cn'
import { MOBILE_QUERY } from '@/lib/use-media-query'
import { usePathname } from '@/lib/use-pathname'
import { useSidebarStore } from '../stores/sidebar-store'
import { type Area, MODULE_SIDEBAR_AREAS, areaOf } from '../utils/modules'
import { HistoryControls } from './history-controls'
import { IconRail, type RailAddons } from './icon-rail'
import { SearchBox } from './search-box'

type AppShellProps = {
  /** The module sidebar of each area that has one. */
  sidebars: Partial<Record<Area, (onNavigate?: () => void) => ReactNode>>
  /** Right side of the header: upgrade, notifications, help and account menus. */
  headerActions: ReactNode
  /** Drawn on modules' rail links (the focus timer's progress under Pomodoro). */
  railAddons?: RailAddons
  /** Dark sidebar and dashboard background classes from preferences. */
  className?: string
  children: ReactNode
}

// Only narrow screens need the drawer (and the dialog code under it), and
// only once it is first opened.
const MobileDrawer = lazy(() => import('./mobile-drawer'))

function Logo() {
  return (
    <Link
      to="/app"
      aria-label="Daybase dashboard"
      className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <LogoMark className="size-9" />
    </Link>
  )
}

/**
 * The signed-in layout (spec 000 §2): icon rail, module sidebar (offset 312
 * px, or 58 px without one) and header; on screens up to 768 px both
 * sidebars live in a slide-in drawer opened from the menu button.
 *
 * Memoized and subscribed to the pathname only: a change of the page's
 * query (the calendar's ?month=) re-renders the screen, not the shell — the
 * caller keeps headerActions and children the same elements between such
 * changes (app-layout.tsx).
 */
export const AppShell = memo(function AppShell({ sidebars, headerActions, railAddons, className, children }: AppShellProps) {
  const pathname = usePathname()
  const { open, mobileOpen, setMobileOpen, toggle } = useSidebarStore()
  const area = areaOf(pathname)
  const renderSidebar = area && MODULE_SIDEBAR_AREAS.has(area) ? sidebars[area] : undefined
  const closeDrawer = () => setMobileOpen(false)
  // Mounted from the first opening on, so that it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(mobileOpen)
  if (mobileOpen && !drawerUsed) setDrawerUsed(true)

  // The drawer closes when the screen grows past the breakpoint. Read, not
  // rendered: the shell renders the same at any width (CSS chooses).
  useEffect(() => {
    const mql = window.matchMedia(MOBILE_QUERY)
    const closeIfWide = () => {
      if (!mql.matches) setMobileOpen(false)
    }
    closeIfWide()
    mql.addEventListener('change', closeIfWide)
    return () => mql.removeEventListener('change', closeIfWide)
  }, [setMobileOpen])

  return (
    <div data-shell className={cn('flex h-dvh w-full overflow-hidden bg-background', className)}>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside
        data-sidebar
        aria-label="Navigation"
        className="hidden w-[58px] shrink-0 flex-col items-center gap-2 border-r border-sidebar-border bg-sidebar pt-3 text-sidebar-foreground md:flex"
      >
        <Logo />
        <IconRail addons={railAddons} />
      </aside>
      {renderSidebar && open ? (
        <aside
          data-sidebar
          aria-label="Module"
          className="hidden w-[254px] shrink-0 flex-col overflow-y-auto border-r border-sidebar-border bg-sidebar p-2 text-sidebar-foreground md:flex"
        >
          {renderSidebar()}
        </aside>
      ) : null}

      {drawerUsed ? (
        <Suspense fallback={null}>
          <MobileDrawer
            open={mobileOpen}
            onOpenChange={setMobileOpen}
            sidebar={renderSidebar ? renderSidebar(closeDrawer) : null}
            onNavigate={closeDrawer}
            railAddons={railAddons}
          />
        </Suspense>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        <header data-print-hide className="flex h-12 shrink-0 items-center gap-2 border-b px-2 md:px-3">
          {/* Chosen by CSS, not by a media query hook: the first render (and a
              prerendered page) is right at any width. */}
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Open menu"
            className="md:hidden"
            onClick={() => setMobileOpen(true)}
          >
            <List size={20} aria-hidden />
          </Button>
          {renderSidebar ? (
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={open ? 'Hide sidebar' : 'Show sidebar'}
              aria-pressed={open}
              className="max-md:hidden"
              onClick={() => toggle(false)}
            >
              <SidebarSimple size={20} aria-hidden />
            </Button>
          ) : null}
          <div className="hidden sm:block">
            <HistoryControls />
          </div>
          <div className="flex min-w-0 flex-1 justify-center">
            <SearchBox />
          </div>
          <div className="flex items-center gap-1">{headerActions}</div>
        </header>
        <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto outline-none">
          {children}
        </main>
      </div>
    </div>
  )
})
