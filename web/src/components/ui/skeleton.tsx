import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/** A grey block where content will be, the size it will have (no jump when it arrives). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
}
