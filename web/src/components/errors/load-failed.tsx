import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { describeError } from '@/lib/errors'

type LoadFailedProps = {
  /** What could not be done, e.g. 'Could not load your notes'. */
  what: string
  error: unknown
  onRetry: () => void
}

/** A screen's read that failed: what, why, and a way to try again, in place of the content. */
export function LoadFailed({ what, error, onRetry }: LoadFailedProps) {
  return (
    <div className="p-4 md:p-6">
      <Alert variant="destructive">
        {what}: {describeError(error)}{' '}
        <Button variant="link" className="h-auto p-0" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    </div>
  )
}
