import { useMutation } from '@tanstack/react-query'
import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { getDeviceId } from '@/lib/device'

/**
 * Starts a guest session (signInAnonymously): a real account without an
 * e-mail, whose data the same rules protect. Only offered when the server
 * allows it (config.anonymousSignIns).
 */
export async function signInAsGuest(): Promise<void> {
  const { error } = await supabase.auth.signInAnonymously({
    options: { data: { device_id: getDeviceId(), platform: 'web', signup_source: 'web_app_guest' } },
  })
  if (error) throw toRequestError(error)
}

export function useSignInAsGuest() {
  return useMutation({ mutationFn: signInAsGuest, meta: { silent: true } })
}

export type KeepDataInput = { email: string; password: string }

/**
 * Makes a guest account permanent: the address (confirmed by the link the
 * server mails to it) and the password to sign in with once it is
 * confirmed. The user id stays, so every task stays where it is.
 */
export async function keepGuestData({ email, password }: KeepDataInput): Promise<void> {
  const { error } = await supabase.auth.updateUser(
    { email: email.trim(), password },
    { emailRedirectTo: `${window.location.origin}/app` },
  )
  if (error) throw toRequestError(error)
}

export function useKeepGuestData() {
  return useMutation({ mutationFn: keepGuestData, meta: { silent: true } })
}
