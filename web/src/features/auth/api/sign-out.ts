import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (error) throw toRequestError(error)
}

/** Signs out this browser, forgets every cached server row and goes to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear()
      navigate('/auth', { replace: true })
    },
    onError: (error) => toast.error('Sign out failed', { description: error.message }),
  })
}
