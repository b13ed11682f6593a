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
 *
 * onJoin runs each time the channel is joined, the first time and after
 * every reconnect (rejoined true): changes are not replayed (as on the
 * hosted service), so what changed while nobody listened — before the join
 * was answered, while the network was down, while a screen moved from the
 * side pane to the modal — is the caller's to read again.
 */
export function usePostgresChanges<Row extends Record<string, unknown>>(
  spec: ChangeSpec | null,
  onChange: (payload: RealtimePostgresChangesPayload<Row>) => void,
  onJoin?: (rejoined: boolean) => void,
): void {
  const latest = useRef(onChange)
  latest.current = onChange
  const joined = useRef(onJoin)
  joined.current = onJoin
  const table = spec?.table
  const filter = spec?.filter
  const event = spec?.event ?? '*'

  useEffect(() => {
    if (!table) return
    let channel: RealtimeChannel | null = null
    let stopped = false
    let joins = 0
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
        .subscribe((status) => {
          if (status !== 'SUBSCRIBED' || stopped) return
          joins += 1
          joined.current?.(joins > 1)
        })
    })
    return () => {
      stopped = true
      if (channel) void supabase.removeChannel(channel)
    }
  }, [table, filter, event])
}
