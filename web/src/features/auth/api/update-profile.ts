import { useMutation } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

/**
 * Saves the display name in the auth user's metadata (update user,
 * data.full_name). The server copies it into the user_profiles read model
 * (trigger sync_profile_rows), so the app does not write that row twice.
 */
export async function updateProfile(fullName: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ data: { full_name: fullName.trim() } })
  if (error) throw toRequestError(error)
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => toast.success('Profile updated'),
    onError: () => toast.error('Update failed', { description: 'Failed to save your changes. Please try again.' }),
  })
}
