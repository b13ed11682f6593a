import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router'
import { Toaster, toast } from 'sonner'
import { ErrorBoundary } from '@/components/errors/error-boundary'
import { useUser } from '@/lib/auth-store'
import { startAuth } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import { useAppearance } from '@/features/theme/api/appearance'
import { useApplyTheme } from '@/features/theme/hooks/use-apply-theme'
import { useResolvedTheme } from '@/features/theme/hooks/use-resolved-theme'
import { usePaywallStore } from '@/features/billing/stores/paywall-store'
import { router } from './router'

const queryClient = createQueryClient({
  onPlanLimit: (message) => usePaywallStore.getState().show(message),
  onMutationError: (title, description) => toast.error(title, { description }),
})

startAuth()

function Theme() {
  const user = useUser()
  useApplyTheme(useAppearance(user?.id, 'darkSidebarInLightMode'))
  return null
}

function Toasts() {
  // Only one toast at a time (spec 000 §8).
  return <Toaster theme={useResolvedTheme()} visibleToasts={1} richColors closeButton position="bottom-right" />
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
