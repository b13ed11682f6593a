import { Warning } from '@phosphor-icons/react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/errors'

type ErrorScreenProps = {
  error: unknown
  onReset: () => void
  onHome: () => void
}

function errorReport(error: unknown): string {
  const message = errorMessage(error)
  const stack = error instanceof Error && error.stack ? `\n${error.stack}` : ''
  return `${error instanceof Error ? error.name : 'Error'}: ${message}${stack}\nat ${window.location.href}`
}

/** The full-page render failure screen of spec 000 §8. */
export function ErrorScreen({ error, onReset, onHome }: ErrorScreenProps) {
  const [copied, setCopied] = useState(false)
  return (
    <div role="alert" className="flex min-h-full w-full flex-col items-center justify-center gap-4 p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <Warning size={28} weight="duotone" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        An unexpected error occurred. The error has been logged and we'll look into it.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onReset}>Try Again</Button>
        <Button variant="outline" onClick={onHome}>
          Go Home
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(errorReport(error))
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }}
        >
          {copied ? 'Copied' : 'Copy error'}
        </Button>
      </div>
    </div>
  )
}
