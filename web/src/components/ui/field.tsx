import { type ReactNode, useId } from 'react'
import { cn } from '@/lib/cn'
import { Label } from './label'

type FieldRenderProps = {
  id: string
  'aria-describedby': string | undefined
  'aria-invalid': boolean | undefined
}

type FieldProps = {
  label: ReactNode
  /** Shown under the control; announced with it. */
  hint?: ReactNode
  /** Marks the control invalid and is announced with it. */
  error?: string | null | undefined
  className?: string
  children: (props: FieldRenderProps) => ReactNode
}

/** A label, a control and its hint or error, wired together by ids. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
