import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Json } from '@/lib/database'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import { integrationKeys } from './keys'

/** Provider keys of integration_connections (functions/integrations). */
export type Provider = 'slack' | 'github'

/**
 * A connection as the browser sees it: the server keeps token and
 * webhook_url to itself (0520) and leaves has_token / has_webhook_url.
 */
export type Connection = {
  id: string
  provider_key: string
  status: string
  updated_at: string
  channel: string | null
  defaultRepo: string | null
  hasToken: boolean
  hasWebhookUrl: boolean
}

function text(config: Json, key: string): string | null {
  if (!config || typeof config !== 'object' || Array.isArray(config)) return null
  const v = config[key]
  return typeof v === 'string' && v.trim() ? v : null
}

function flag(config: Json, key: string): boolean {
  return !!config && typeof config === 'object' && !Array.isArray(config) && config[key] === true
}

export async function getConnections(userId: string, signal: AbortSignal): Promise<Connection[]> {
  const rows = unwrap(
    await supabase
      .from('integration_connections')
      .select('id, provider_key, status, config, updated_at')
      .eq('user_id', userId)
      .abortSignal(signal),
  )
  return rows.map((r) => ({
    id: r.id,
    provider_key: r.provider_key,
    status: r.status,
    updated_at: r.updated_at,
    channel: text(r.config, 'channel'),
    defaultRepo: text(r.config, 'default_repo'),
    hasToken: flag(r.config, 'has_token'),
    hasWebhookUrl: flag(r.config, 'has_webhook_url'),
  }))
}

export const connectionsQueryOptions = userQueryOptions(integrationKeys.connections, getConnections)

export function useConnections(userId: string) {
  return useQuery(connectionsQueryOptions(userId))
}

/** The user's live connection to provider, if any. */
export function useConnection(userId: string, provider: Provider): { connection: Connection | null; isPending: boolean } {
  const q = useConnections(userId)
  return { connection: q.data?.find((c) => c.provider_key === provider && c.status === 'connected') ?? null, isPending: q.isPending }
}

/** A Slack incoming webhook (or a service speaking its format): https, a host, a path. */
export function validateWebhookUrl(url: string): string | null {
  const v = url.trim()
  if (!v) return 'Enter the webhook URL Slack gave you.'
  try {
    const u = new URL(v)
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'The webhook URL must start with https://.'
    if (u.username || u.password) return 'The webhook URL must not contain a user name or password.'
  } catch {
    return 'That is not a URL.'
  }
  return null
}

/** owner/name, as GitHub spells repositories (the server checks the same). */
export function validateRepo(repo: string): string | null {
  if (!repo.trim()) return null
  return /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/.test(repo.trim()) ? null : 'Write the repository as owner/name.'
}

/**
 * Saves a connection's settings. Secrets (token, webhook_url) go to the
 * server and never come back; left out, the stored one is kept.
 */
export async function saveConnection(userId: string, provider: Provider, config: Record<string, string | null>): Promise<void> {
  const { data: existing, error } = await supabase
    .from('integration_connections')
    .select('config')
    .eq('user_id', userId)
    .eq('provider_key', provider)
    .maybeSingle()
  if (error) throw error
  const previous = existing?.config && typeof existing.config === 'object' && !Array.isArray(existing.config) ? existing.config : {}
  unwrap(
    await supabase
      .from('integration_connections')
      .upsert({ user_id: userId, provider_key: provider, status: 'connected', config: { ...previous, ...config } }, { onConflict: 'user_id,provider_key' }),
  )
}

export function useSaveConnection(userId: string, provider: Provider) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (config: Record<string, string | null>) => saveConnection(userId, provider, config),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.user(userId) }),
    meta: { errorTitle: 'Could not save the connection' },
  })
}

/** Disconnects: the row goes, and the server forgets its secrets (0520). */
export function useDisconnect(userId: string, provider: Provider) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      unwrap(await supabase.from('integration_connections').delete().eq('user_id', userId).eq('provider_key', provider))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.user(userId) }),
    meta: { errorTitle: 'Could not disconnect' },
  })
}
