import { Compass } from '@phosphor-icons/react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'

/** Any unknown path; under /app it leads back to the dashboard, elsewhere home. */
export function NotFound() {
  const { pathname } = useLocation()
  const inApp = pathname === '/app' || pathname.startsWith('/app/')
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Compass size={28} weight="duotone" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        There is nothing at <code className="rounded bg-muted px-1 py-0.5">{pathname}</code>.
      </p>
      <Button asChild>
        <Link to={inApp ? '/app' : '/'}>{inApp ? 'Go to dashboard' : 'Go home'}</Link>
      </Button>
    </div>
  )
}
