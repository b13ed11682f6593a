import { Skeleton } from '@/components/ui/skeleton'

/** The tasks sidebar's place while its code loads: the same rows, grey. */
export function TasksSidebarSkeleton() {
  return (
    <div className="grid gap-1" aria-hidden>
      <p className="px-2.5 pt-1 pb-1 text-sm font-semibold">Tasks</p>
      {[40, 30, 45, 50, 35, 45, 40].map((w, i) => (
        <div key={i} className="flex h-9 items-center gap-2.5 px-2.5">
          <Skeleton className="size-[18px]" />
          <Skeleton className="h-3.5" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  )
}
