import { FunctionsHttpError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'

export type SupportRequest = { email: string; message: string; userId: string | undefined }

/** A refusal the server explained (missing information, too many requests): shown as it is. */
export class SupportRequestError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message)
    this.name = 'SupportRequestError'
  }
}

/** The server's {error, title} answer of a refused request, if it sent one. */
async function refusal(error: unknown): Promise<SupportRequestError | null> {
  if (!(error instanceof FunctionsHttpError)) return null
  const body: unknown = await (error.context as Response).json().catch(() => null)
  if (!body || typeof body !== 'object') return null
  const b = body as { error?: unknown; title?: unknown }
  if (typeof b.error !== 'string' || typeof b.title !== 'string') return null
  return new SupportRequestError(b.title, b.error)
}

/** Asks support to restore access (server function support-request). */
export async function submitSupportRequest(request: SupportRequest): Promise<void> {
  const { error } = await supabase.functions.invoke('support-request', {
    body: { email: request.email.trim(), message: request.message.trim(), userId: request.userId, topic: '2fa_recovery' },
  })
  if (error) throw (await refusal(error)) ?? error
}

export function validateSupportRequest(email: string, message: string): string | null {
  return email.trim() && message.trim() ? null : 'Please provide both your email and a detailed message'
}
