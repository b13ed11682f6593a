import { useMutation } from '@tanstack/react-query'
import { getDeviceId } from '@/lib/device'
import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

export type SignUpInput = { email: string; password: string; fullName: string }

/**
 * Signs up with the metadata of spec 000 §7 (device_id, platform,
 * signup_source) plus the name the user typed. Returns whether the server
 * wants the e-mail confirmed before the first sign-in.
 */
export async function signUp({ email, password, fullName }: SignUpInput): Promise<{ needsConfirmation: boolean }> {
  const name = fullName.trim()
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: {
      emailRedirectTo: `${window.location.origin}/app`,
      data: {
        device_id: getDeviceId(),
        platform: 'web',
        signup_source: 'web_app',
        ...(name ? { full_name: name } : {}),
      },
    },
  })
  if (error) throw toRequestError(error)
  return { needsConfirmation: !data.session }
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp, meta: { silent: true } })
}
