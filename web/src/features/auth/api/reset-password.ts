import { useMutation } from '@tanstack/react-query'
import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

/** Where the e-mailed link lands; the page there sets the new password. */
export const UPDATE_PASSWORD_PATH = '/auth/update-password'

export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}${UPDATE_PASSWORD_PATH}`,
  })
  if (error) throw toRequestError(error)
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { silent: true } })
}
