import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/** A placeholder of the size of what is loading, so nothing moves when it arrives. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden data-slot="skeleton" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
}
