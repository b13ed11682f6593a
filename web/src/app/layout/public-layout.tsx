import { Link, NavLink, Outlet } from 'react-router'
import { Button } from '@/components/ui/button'
import { LogoMark } from '@/components/ui/logo-mark'
import { useAuthStatus } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { useConsentStore } from '@/features/privacy/stores/consent-store'

const LINKS = [
  { to: '/features', label: 'Features' },
  { to: '/premium', label: 'Premium' },
  { to: '/download', label: 'Download' },
]

/** Marketing pages: a top bar, the page and a footer. */
export default function PublicLayout() {
  const status = useAuthStatus()
  const openPrivacy = useConsentStore((s) => s.setDialogOpen)
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <LogoMark className="size-7 rounded-md" iconClassName="size-4" />
            Daybase
          </Link>
          <nav aria-label="Site" className="hidden gap-1 sm:flex">
            {LINKS.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                className={({ isActive }) =>
                  cn('rounded-md px-3 py-1.5 text-sm hover:bg-accent', isActive ? 'font-medium text-foreground' : 'text-muted-foreground')
                }
              >
                {l.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex gap-2">
            {status === 'signedIn' ? (
              <Button asChild size="sm">
                <Link to="/app">Open app</Link>
              </Button>
            ) : (
              <>
                <Button asChild size="sm" variant="ghost">
                  <Link to="/auth">Sign in</Link>
                </Button>
                <Button asChild size="sm">
                  <Link to="/auth?mode=signup">Get started</Link>
                </Button>
              </>
            )}
          </div>
        </div>
        <nav aria-label="Site (small screens)" className="flex gap-1 px-4 pb-2 sm:hidden">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className="rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-accent">
              {l.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-6 text-sm text-muted-foreground">
          <span>© {new Date().getFullYear()} Daybase</span>
          <Button variant="link" className="h-auto p-0 text-muted-foreground" onClick={() => openPrivacy(true)}>
            Privacy choices
          </Button>
        </div>
      </footer>
    </div>
  )
}
