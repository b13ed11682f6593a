import { Suspense, lazy } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { ConsentBanner } from '@/features/privacy/components/consent-banner'
import { useConsentStore } from '@/features/privacy/stores/consent-store'

// Loaded on first use: most visits never open it.
const PrivacyChoicesDialog = lazy(() =>
  import('@/features/privacy/components/privacy-choices-dialog').then((m) => ({ default: m.PrivacyChoicesDialog })),
)

/** Wraps every page: the consent banner and the privacy dialog opened from menus. */
export function RootLayout() {
  const open = useConsentStore((s) => s.dialogOpen)
  const setOpen = useConsentStore((s) => s.setDialogOpen)
  return (
    <>
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
