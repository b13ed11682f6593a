import { describeError, isPlanLimitError } from '@/lib/errors'
import { toast } from '@/lib/toast'

/**
 * The toast of a failed task action, in 001 §8's words. A plan cap is not
 * reported here: the query client opens the paywall for it.
 */
export function reportFailure(error: unknown, title: string, description?: string): void {
  if (isPlanLimitError(error)) return
  toast.error(title, { description: description ?? describeError(error) })
}
