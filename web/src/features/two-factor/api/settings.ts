import { useQuery } from '@tanstack/react-query'
import type { TableRow } from '@/lib/database'
import { isMissingRow, unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import { twoFactorKeys } from './keys'

export async function getTwoFactorSettings(userId: string, signal?: AbortSignal): Promise<TableRow<'user_2fa_settings'> | null> {
  let query = supabase.from('user_2fa_settings').select('*').eq('user_id', userId)
  if (signal) query = query.abortSignal(signal)
  const result = await query.maybeSingle()
  if (result.error && isMissingRow(result.error)) return null
  return unwrap(result)
}

export const settingsQueryOptions = userQueryOptions(twoFactorKeys.settings, getTwoFactorSettings)

export function useTwoFactorSettings(userId: string) {
  return useQuery(settingsQueryOptions(userId))
}

/** Marks two-factor on after a verified enrolment (spec 000 §4 step 3); disable_2fa turns it off. */
export async function markTwoFactorEnabled(userId: string): Promise<void> {
  unwrap(
    await supabase
      .from('user_2fa_settings')
      .upsert({ user_id: userId, is_enabled: true, is_deleted: false, updated_at: new Date().toISOString() }, { onConflict: 'user_id' }),
  )
}
