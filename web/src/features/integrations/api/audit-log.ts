import { useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import { integrationKeys } from './keys'

/** Entries of the integration log shown (newest first). */
export const LOG_LIMIT = 50

export async function getAuditLog(userId: string, signal: AbortSignal) {
  return unwrap(
    await supabase
      .from('integration_audit_logs')
      .select('id, provider_key, action, target_type, target_id, metadata, created_at')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(LOG_LIMIT)
      .abortSignal(signal),
  )
}

export type AuditEntry = Awaited<ReturnType<typeof getAuditLog>>[number]

export const auditLogQueryOptions = userQueryOptions(integrationKeys.log, getAuditLog)

export function useAuditLog(userId: string) {
  return useQuery(auditLogQueryOptions(userId))
}
