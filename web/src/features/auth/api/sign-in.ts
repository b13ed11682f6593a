import { useMutation } from '@tanstack/react-query'
import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

export type SignInInput = { email: string; password: string }

export async function signIn({ email, password }: SignInInput): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password })
  if (error) throw toRequestError(error)
}

/** The form shows the server's message ('Invalid login credentials') itself. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, meta: { silent: true } })
}
