import { useMutation } from '@tanstack/react-query'
import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

/** The two third-party identity providers offered (spec 000 §1). */
export type OAuthProvider = 'google' | 'github'

/** Navigates to the provider; the session arrives on return to redirectTo. */
export async function signInWithProvider({ provider, redirectTo }: { provider: OAuthProvider; redirectTo: string }) {
  const { error } = await supabase.auth.signInWithOAuth({
    provider,
    options: { redirectTo: `${window.location.origin}${redirectTo}` },
  })
  if (error) throw toRequestError(error)
}

export function useOAuthSignIn() {
  return useMutation({ mutationFn: signInWithProvider, meta: { silent: true } })
}
