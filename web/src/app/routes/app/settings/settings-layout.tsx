import { Suspense } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { sectionRedirect } from './sections'
import { useHashSection } from './use-hash-section'

/** Sends /app/settings#theme and the like to the page that has the section. */
export default function SettingsLayout() {
  const { pathname, hash } = useLocation()
  const redirect = sectionRedirect(pathname, hash)
  useHashSection()
  if (redirect) return <Navigate to={redirect} replace />
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  )
}
