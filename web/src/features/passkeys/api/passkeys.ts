import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toRequestError } from '@/lib/errors'
import { loadWebAuthn } from '@/lib/deferred/webauthn'
import { supabase } from '@/lib/supabase'
import { isWebAuthnCancelled } from '@/lib/webauthn'

/** A passkey as GET /auth/v1/passkeys lists it (auth-js PasskeyListItem). */
export type Passkey = { id: string; friendly_name?: string; created_at: string; last_used_at?: string }

export const passkeyKeys = { list: (userId: string) => ['passkeys', userId] as const }

export async function listPasskeys(): Promise<Passkey[]> {
  const { data, error } = await supabase.auth.passkey.list()
  if (error) throw toRequestError(error)
  return data
}

export function usePasskeys(userId: string) {
  return useQuery({ queryKey: passkeyKeys.list(userId), queryFn: listPasskeys })
}

/** Adds a passkey with the browser's prompt; null when the person cancelled it. */
export async function addPasskey(): Promise<Passkey | null> {
  // auth-js's WebAuthn code is loaded on demand (lib/deferred/webauthn.ts).
  await loadWebAuthn()
  const { data, error } = await supabase.auth.registerPasskey()
  if (error) {
    if (isWebAuthnCancelled(error)) return null
    throw toRequestError(error)
  }
  return data
}

export async function renamePasskey({ id, name }: { id: string; name: string }): Promise<void> {
  const { error } = await supabase.auth.passkey.update({ passkeyId: id, friendlyName: name.trim() })
  if (error) throw toRequestError(error)
}

export async function removePasskey(id: string): Promise<void> {
  const { error } = await supabase.auth.passkey.delete({ passkeyId: id })
  if (error) throw toRequestError(error)
}

/** Mutations that refresh the list when they succeed. */
export function usePasskeyMutation<A, R>(userId: string, fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list(userId) }),
  })
}
