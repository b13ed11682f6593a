import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { useAuthStatus } from '@/lib/auth-store'

/** /app/* needs a signed-in user; others go to /auth and come back after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuthStatus()
  const location = useLocation()
  if (status === 'loading') return <PageSpinner />
  if (status === 'signedOut') {
    const back = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to={`/auth?redirect=${encodeURIComponent(back)}`} replace />
  }
  return <>{children}</>
}
