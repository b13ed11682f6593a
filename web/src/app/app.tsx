import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { startAuth } from '@/lib/auth'
import { useAuthStore } from '@/lib/auth-store'
import { type Prerendered, readStoredSession, setBoot } from '@/lib/boot'
import { cn } from '@/lib/cn'
import { nextTask } from '@/lib/next-task'
import { createQueryClient } from '@/lib/query-client'
import { toast } from '@/lib/toast'
import { usePaywallStore } from '@/features/billing/stores/paywall-store'
import { Root } from './root'
import { createRoutes, initialized } from './route-table'

const queryClient = createQueryClient({
  onPlanLimit: (message) => usePaywallStore.getState().show(message),
  onMutationError: (title, description) => toast.error(title, { description }),
})

startAuth()

/**
 * Renders the app into container once the first page's modules are loaded
 * (so it renders whole), or hydrates the prerendered markup there (main.tsx
 * decides which). The auth store starts from what the page was drawn for
 * (the stored session, or signed out: main.tsx checked that no session is
 * stored); supabase-js confirms or replaces it.
 */
export async function start(container: HTMLElement, prerendered: Prerendered | null): Promise<void> {
  if (prerendered) {
    setBoot(prerendered)
    const start = prerendered.startSession === undefined ? prerendered.session : prerendered.startSession
    if (useAuthStore.getState().status === 'loading') useAuthStore.getState().setSession(start)
  }
  // Opened offline (main.tsx then never hydrates): the screens draw from
  // the cache saved in IndexedDB, put back before anything renders, so no
  // list shows a skeleton waiting for a network that is not there.
  const stored = navigator.onLine ? null : readStoredSession()
  if (stored)
    await import('@/lib/persisted-cache')
      .then((m) => m.restoreCache(queryClient, stored.user.id))
      .catch((e: unknown) => console.warn('The saved copy of your data could not be read:', e))
  // The first cn() builds tailwind-merge's class map (~13 ms of main thread
  // at full speed, 4× that on Lighthouse's mobile CPU): here, in a task of
  // its own, not inside the first slice of the hydration, which would then
  // be one long task (docs/notes/issue-18k.md).
  cn('p-0', 'p-1')
  await nextTask()
  // Created now, with the session known: its first loaders start the first
  // screen's queries (route-table.tsx).
  const router = createBrowserRouter(createRoutes(queryClient))
  await initialized(router)
  const app = <Root router={router} queryClient={queryClient} />
  // In a transition, React hydrates in slices that yield to input (the page
  // is already on screen) instead of one long task.
  if (prerendered)
    startTransition(() => {
      hydrateRoot(container, app)
    })
  else createRoot(container).render(app)
}
