import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { isWebAuthnCancelled } from '@/lib/webauthn'

/** Signs in with a passkey (auth-js signInWithPasskey); false when the person cancelled the prompt. */
export async function signInWithPasskey(): Promise<boolean> {
  const { error } = await supabase.auth.signInWithPasskey()
  if (error) {
    if (isWebAuthnCancelled(error)) return false
    throw toRequestError(error)
  }
  return true
}
