import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { useEffect, useRef } from 'react'
import { whenRealtime, supabase } from './supabase'

export type ChangeSpec = {
  /** public.{table} */
  table: string
  /** A realtime filter, e.g. 'id=eq.{uuid}'. */
  filter?: string
  event?: 'INSERT' | 'UPDATE' | 'DELETE' | '*'
}

let seq = 0

/**
 * Listens to database changes while mounted (realtime-js loads on first
 * use: lib/deferred/realtime.ts). Each subscriber hears only rows its own
 * policies let it read (realtime/rls). onChange may change between renders.
 * Pass null to listen to nothing.
 */
export function usePostgresChanges<Row extends Record<string, unknown>>(
  spec: ChangeSpec | null,
  onChange: (payload: RealtimePostgresChangesPayload<Row>) => void,
): void {
  const latest = useRef(onChange)
  latest.current = onChange
  const table = spec?.table
  const filter = spec?.filter
  const event = spec?.event ?? '*'

  useEffect(() => {
    if (!table) return
    let channel: RealtimeChannel | null = null
    let stopped = false
    whenRealtime(() => {
      if (stopped) return
      seq += 1
      channel = supabase
        .channel(`db:${table}:${filter ?? 'all'}:${seq}`)
        .on<Row>(
          'postgres_changes',
          // realtime-js's overloads want a literal event; `event` is one of them.
          { event: event as '*', schema: 'public', table, ...(filter ? { filter } : {}) },
          (payload) => latest.current(payload),
        )
        .subscribe()
    })
    return () => {
      stopped = true
      if (channel) void supabase.removeChannel(channel)
    }
  }, [table, filter, event])
}
