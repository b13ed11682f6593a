import { Suspense, lazy } from 'react'
import { Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { ConsentBanner } from '@/features/privacy/components/consent-banner'
import { useConsentStore } from '@/features/privacy/stores/consent-store'

// Loaded on first use: most visits never open it.
const PrivacyChoicesDialog = lazy(() =>
  import('@/features/privacy/components/privacy-choices-dialog').then((m) => ({ default: m.PrivacyChoicesDialog })),
)

/**
 * While the router loads the next page's module the current page stays; a
 * bar at the top says so when that takes longer than a moment.
 */
function PageLoading() {
  const loading = useNavigation().state === 'loading'
  if (!loading) return null
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="page-loading fixed inset-x-0 top-0 z-50 h-0.5 bg-primary"
    />
  )
}

/** Wraps every page: the consent banner and the privacy dialog opened from menus. */
export function RootLayout() {
  const open = useConsentStore((s) => s.dialogOpen)
  const setOpen = useConsentStore((s) => s.setDialogOpen)
  return (
    <>
      <PageLoading />
      <Outlet />
      <ConsentBanner />
      {open ? (
        <Suspense fallback={null}>
          <PrivacyChoicesDialog open onOpenChange={setOpen} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </>
  )
}
