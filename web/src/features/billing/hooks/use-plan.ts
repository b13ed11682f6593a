import { useUser } from '@/lib/auth-store'
import { useSubscriptions } from '../api/get-subscriptions'
import { usePlanOverrideStore } from '../stores/plan-override-store'
import { type Plan, derivePlan } from '../utils/plans'

/** The signed-in user's plan; 'free' until the subscriptions are known. */
export function usePlan(): { plan: Plan; isLoading: boolean } {
  const user = useUser()
  const override = usePlanOverrideStore((s) => s.override)
  const subscriptions = useSubscriptions(user?.id)
  return { plan: derivePlan(subscriptions.data ?? [], override), isLoading: subscriptions.isLoading }
}
