import { useMutation } from '@tanstack/react-query'
import { functionError, unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

async function invokeForUrl(name: string, body: Record<string, unknown>, missing: string): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ url?: string }>(name, { body })
  if (error) throw await functionError(error)
  if (!data?.url) throw new Error(missing)
  return data.url
}

export type CheckoutInput = {
  priceId: string
  userId: string
  customerEmail: string | undefined
}

/** billing-checkout (spec 000 §7): returns the hosted checkout URL. */
export function createCheckout(input: CheckoutInput): Promise<string> {
  const origin = window.location.origin
  return invokeForUrl(
    'billing-checkout',
    {
      priceId: input.priceId,
      mode: 'subscription',
      successUrl: `${origin}/app/settings/billing?checkout=success`,
      cancelUrl: `${origin}/app/settings/billing?checkout=cancelled`,
      customerEmail: input.customerEmail,
      userId: input.userId,
    },
    'Missing checkout URL',
  )
}

/** The billing provider's customer id, kept on the user's latest subscription. */
async function customerId(userId: string): Promise<string | null> {
  const row = unwrap(
    await supabase
      .from('user_subscriptions')
      .select('customer_id')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(1)
      .maybeSingle(),
  )
  return row?.customer_id ?? null
}

/** billing-portal (spec 000 §7): returns the hosted portal URL. */
export async function createPortal({ userId, email }: { userId: string; email: string | undefined }): Promise<string> {
  return invokeForUrl('billing-portal', { customerId: await customerId(userId), email }, 'Missing portal URL')
}

/** Sends the browser to the returned URL. */
export function useCheckout() {
  return useMutation({
    mutationFn: createCheckout,
    onSuccess: (url) => window.location.assign(url),
    meta: { silent: true },
  })
}

export function usePortal() {
  return useMutation({
    mutationFn: createPortal,
    onSuccess: (url) => window.location.assign(url),
    meta: { silent: true },
  })
}
