import { createBrowserRouter } from 'react-router'
import { startAuth } from '@/lib/auth'
import { createQueryClient } from '@/lib/query-client'
import { toast } from '@/lib/toast'
import { usePaywallStore } from '@/features/billing/stores/paywall-store'
import { Root } from './root'
import { routes } from './route-table'

const queryClient = createQueryClient({
  onPlanLimit: (message) => usePaywallStore.getState().show(message),
  onMutationError: (title, description) => toast.error(title, { description }),
})

startAuth()

const router = createBrowserRouter(routes)

export function App() {
  return <Root router={router} queryClient={queryClient} />
}
