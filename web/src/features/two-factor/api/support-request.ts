import { supabase } from '@/lib/supabase'

export type SupportRequest = { email: string; message: string; userId: string | undefined }

/** Asks support to restore access (server function support-request). */
export async function submitSupportRequest(request: SupportRequest): Promise<void> {
  const { error } = await supabase.functions.invoke('support-request', {
    body: { email: request.email.trim(), message: request.message.trim(), userId: request.userId, topic: '2fa_recovery' },
  })
  if (error) throw error
}

export function validateSupportRequest(email: string, message: string): string | null {
  return email.trim() && message.trim() ? null : 'Please provide both your email and a detailed message'
}
