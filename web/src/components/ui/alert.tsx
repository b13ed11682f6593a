import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { describeError } from '@/lib/errors'

const alertVariants = cva('relative grid w-full gap-1 rounded-lg border px-4 py-3 text-sm', {
  variants: {
    variant: {
      default: 'bg-card text-card-foreground',
      destructive: 'border-destructive/50 bg-destructive/5 text-destructive',
      success: 'border-emerald-600/40 bg-emerald-600/5 text-emerald-700 dark:text-emerald-400',
    },
  },
  defaultVariants: { variant: 'default' },
})

/** An inline message. Destructive alerts are announced at once (role=alert), others politely. */
export function Alert({ className, variant, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  )
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-medium', className)} {...props} />
}

export function AlertDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm opacity-90', className)} {...props} />
}

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
