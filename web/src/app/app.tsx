import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, lazy, useSyncExternalStore } from 'react'
import { RouterProvider } from 'react-router'
import { ErrorBoundary } from '@/components/errors/error-boundary'
import { startAuth } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import { subscribeToToastRequests, toast, toastsRequested } from '@/lib/toast'
import { useApplyTheme } from '@/features/theme/hooks/use-apply-theme'
import { usePaywallStore } from '@/features/billing/stores/paywall-store'
import { router } from './router'

const queryClient = createQueryClient({
  onPlanLimit: (message) => usePaywallStore.getState().show(message),
  onMutationError: (title, description) => toast.error(title, { description }),
})

startAuth()

function Theme() {
  useApplyTheme()
  return null
}

const AppToaster = lazy(() => import('./toaster'))

/** The toaster mounts with the first toast asked for (lib/toast.ts). */
function Toasts() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  )
}

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Theme />
        <RouterProvider router={router} />
        <Toasts />
      </QueryClientProvider>
    </ErrorBoundary>
  )
}
