import { Link, NavLink, Outlet } from 'react-router'
import { Button } from '@/components/ui/button'
import { LogoMark } from '@/components/ui/logo-mark'
import { useAuthStatus } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { useHydrating } from '@/lib/prerender'
import { useConsentStore } from '@/features/privacy/stores/consent-store'

const LINKS = [
  { to: '/features', label: 'Features' },
  { to: '/premium', label: 'Premium' },
  { to: '/download', label: 'Download' },
]

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-1.5 text-sm transition-colors hover:bg-accent hover:text-foreground',
    isActive ? 'font-medium text-foreground' : 'text-muted-foreground',
  )

/**
 * Marketing pages: a top bar, the page and a footer. Prerendered signed out
 * for every visitor (scripts/prerender.mjs, "public"): until React owns the
 * page, a visitor with a session does not see the sign-in buttons
 * (data-prerendered-auth, styles.css), and "Open app" replaces them right after.
 */
export default function PublicLayout() {
  const status = useAuthStatus()
  const hydrating = useHydrating()
  const openPrivacy = useConsentStore((s) => s.setDialogOpen)
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 rounded-md font-semibold">
            <LogoMark className="size-7 rounded-md" iconClassName="size-4" />
            Daybase
          </Link>
          <nav aria-label="Site" className="hidden gap-1 sm:flex">
            {LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} className={navLink}>
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
              <div className="flex gap-2" data-prerendered-auth={hydrating ? '' : undefined}>
                <Button asChild size="sm" variant="ghost">
                  <Link to="/auth">Sign in</Link>
                </Button>
                <Button asChild size="sm">
                  <Link to="/auth?mode=signup">Get started</Link>
                </Button>
              </div>
            )}
          </div>
        </div>
        <nav aria-label="Site (small screens)" className="flex gap-1 px-2 pb-2 sm:hidden">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={navLink}>
              {l.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t bg-muted/40">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="grid content-start gap-2">
            <Link to="/" className="flex items-center gap-2 justify-self-start rounded-md font-semibold">
              <LogoMark className="size-6 rounded-md" iconClassName="size-3.5" />
              Daybase
            </Link>
            <p className="max-w-xs text-muted-foreground">Tasks, notes, journal and focus for individuals and teams, on your own server.</p>
          </div>
          <nav aria-label="Product" className="grid content-start gap-2">
            <p className="font-medium">Product</p>
            {LINKS.map((l) => (
              <Link key={l.to} to={l.to} className="justify-self-start text-muted-foreground hover:text-foreground">
                {l.label}
              </Link>
            ))}
          </nav>
          <nav aria-label="Account" className="grid content-start gap-2">
            <p className="font-medium">Account</p>
            <Link to="/auth" className="justify-self-start text-muted-foreground hover:text-foreground">
              Sign in
            </Link>
            <Link to="/auth?mode=signup" className="justify-self-start text-muted-foreground hover:text-foreground">
              Create an account
            </Link>
          </nav>
          <div className="grid content-start gap-2">
            <p className="font-medium">Privacy</p>
            <Button variant="link" className="h-auto justify-self-start p-0 font-normal text-muted-foreground" onClick={() => openPrivacy(true)}>
              Privacy choices
            </Button>
            <p className="text-muted-foreground">Global Privacy Control honoured.</p>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-8 text-xs text-muted-foreground">© {new Date().getFullYear()} Daybase</div>
      </footer>
    </div>
  )
}
