import type { Json } from '@/lib/database'
import { supabase } from '@/lib/supabase'

export type TwoFactorEvent = {
  event_type:
    | 'enroll_started'
    | 'enroll_verified'
    | 'challenge_verified'
    | 'challenge_failed'
    | 'backup_code_used'
    | 'backup_code_failed'
    | 'disabled'
  factor_id?: string | null
  challenge_id?: string | null
  success: boolean
  metadata?: Json
}

/** Audit trail (RPC log_2fa_event). Best effort: a failed log never blocks the flow. */
export function log2faEvent(event: TwoFactorEvent): void {
  void supabase
    .rpc('log_2fa_event', {
      event_type: event.event_type,
      factor_id: event.factor_id ?? undefined,
      challenge_id: event.challenge_id ?? undefined,
      success: event.success,
      metadata: event.metadata ?? {},
    })
    .then(
      () => undefined,
      () => undefined,
    )
}
