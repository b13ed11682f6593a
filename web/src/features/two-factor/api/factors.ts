import type { Factor } from '@supabase/supabase-js'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { twoFactorKeys } from './keys'

/** The authenticator-app factors, and the verified security keys beside them. */
export type TotpFactors = { all: Factor[]; verified: Factor[]; keys: Factor[] }

export async function listTotpFactors(): Promise<TotpFactors> {
  const { data, error } = await supabase.auth.mfa.listFactors()
  if (error) throw toRequestError(error)
  const all = data.all.filter((f) => f.factor_type === 'totp')
  const keys = data.all.filter((f) => f.factor_type === 'webauthn' && f.status === 'verified')
  return { all, verified: all.filter((f) => f.status === 'verified'), keys }
}

export function factorsQueryOptions(userId: string) {
  return queryOptions({ queryKey: twoFactorKeys.factors(userId), queryFn: listTotpFactors })
}

export function useFactors(userId: string) {
  return useQuery(factorsQueryOptions(userId))
}

/** Unenrolling is retried 5 times, 300 ms apart (spec 000 §9). */
export const UNENROLL_ATTEMPTS = 5
export const UNENROLL_DELAY_MS = 300

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function unenrollWithRetry(factorId: string, attempts = UNENROLL_ATTEMPTS, delayMs = UNENROLL_DELAY_MS) {
  let last: unknown = null
  for (let i = 0; i < attempts; i++) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId })
    if (!error) return
    last = error
    if (i < attempts - 1) await sleep(delayMs)
  }
  throw toRequestError(last)
}
