import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, Suspense, lazy, useEffect, useSyncExternalStore } from 'react'
import { type DataRouter, RouterProvider } from 'react-router'
import { ErrorBoundary } from '@/components/errors/error-boundary'
import { replayEarlyClicks } from '@/lib/early-clicks'
import { subscribeToToastRequests, toastsRequested } from '@/lib/toast'
import { useApplyTheme } from '@/features/theme/hooks/use-apply-theme'

function Theme() {
  useApplyTheme()
  return null
}

const AppToaster = lazy(() => import('./toaster'))
const noToastsYet = () => false

/** The toaster mounts with the first toast asked for (lib/toast.ts). */
function Toasts() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested, noToastsYet)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  )
}

/**
 * After the first commit (the hydration of a prerendered page), the clicks
 * that came before it. (One on a part React hydrates later, in a Suspense
 * boundary, React itself replays once that part is hydrated.)
 */
function EarlyClicks() {
  useEffect(replayEarlyClicks, [])
  return null
}

/**
 * The whole app around a router. The browser renders it with its browser
 * router (app.tsx) and the build prerenders pages with a memory router
 * (prerender.tsx): one tree, so hydration finds the same elements and ids.
 */
export function Root({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Theme />
          <RouterProvider router={router} />
          <Toasts />
          <EarlyClicks />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  )
}
