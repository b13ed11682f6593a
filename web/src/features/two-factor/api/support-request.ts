import { FunctionError, invokeFunction } from '@/lib/functions'

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
function refusal(error: unknown): SupportRequestError | null {
  if (!(error instanceof FunctionError)) return null
  const title = error.body?.title
  return typeof error.body?.error === 'string' && typeof title === 'string' ? new SupportRequestError(title, error.message) : null
}

/** Asks support to restore access (server function support-request). */
export async function submitSupportRequest(request: SupportRequest): Promise<void> {
  try {
    await invokeFunction('support-request', {
      email: request.email.trim(),
      message: request.message.trim(),
      userId: request.userId,
      topic: '2fa_recovery',
    })
  } catch (error) {
    throw refusal(error) ?? error
  }
}

export function validateSupportRequest(email: string, message: string): string | null {
  return email.trim() && message.trim() ? null : 'Please provide both your email and a detailed message'
}
