import { useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import type { SubscriptionLike } from '../utils/plans'

export const billingKeys = {
  all: ['billing'] as const,
  subscriptions: (userId: string) => [...billingKeys.all, 'subscriptions', userId] as const,
}

/** The user's own subscriptions and those of teams the server lets them see. */
export async function getSubscriptions(userId: string, signal: AbortSignal): Promise<SubscriptionLike[]> {
  const [own, team] = await Promise.all([
    supabase.from('user_subscriptions').select('status, plan_id').eq('user_id', userId).abortSignal(signal),
    supabase.from('team_subscriptions').select('status, plan_id').abortSignal(signal),
  ])
  return [...unwrap(own), ...unwrap(team)]
}

export const subscriptionsQueryOptions = userQueryOptions(billingKeys.subscriptions, getSubscriptions, { staleTime: 5 * 60_000 })

export function useSubscriptions(userId: string | undefined) {
  return useQuery({ ...subscriptionsQueryOptions(userId ?? ''), enabled: !!userId })
}
