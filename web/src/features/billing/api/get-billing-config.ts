import { queryOptions, useQuery } from '@tanstack/react-query'
import { invokeFunction } from '@/lib/functions'
import { billingKeys } from './get-subscriptions'

/** Who takes payments on this server: Stripe, the development checkout, or nobody. */
export type BillingProvider = 'stripe' | 'local' | 'none'

/**
 * billing-config: without a provider, billing is not set up and plans are
 * assigned by the server's operator (`daybase plan set`), so the app says
 * so instead of offering an upgrade that cannot work.
 */
export async function getBillingProvider(): Promise<BillingProvider> {
  const data = await invokeFunction<{ provider?: string } | null>('billing-config', undefined, { method: 'GET' })
  const provider = data?.provider
  return provider === 'stripe' || provider === 'local' ? provider : 'none'
}

export function useBillingProvider(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...billingKeys.all, 'provider'] as const,
      queryFn: getBillingProvider,
      staleTime: Infinity,
      enabled,
    }),
  )
}
