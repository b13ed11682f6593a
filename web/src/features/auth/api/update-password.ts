import { useMutation } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

export async function updatePassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password })
  if (error) throw toRequestError(error)
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => toast.success('Password updated'),
    // The form shows the server's message beside the field.
    meta: { silent: true },
  })
}
