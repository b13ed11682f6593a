/**
 * The tasks sidebar's place while its code loads: the same rows, grey. It is
 * part of the shell's code (the module sidebars), so it draws plain boxes
 * rather than import anything.
 */
export function TasksSidebarSkeleton() {
  return (
    <div className="grid gap-1" aria-hidden>
      <p className="px-2.5 pt-1 pb-1 text-sm font-semibold">Tasks</p>
      {[40, 30, 45, 50, 35, 45, 40].map((w, i) => (
        <div key={i} className="flex h-9 items-center gap-2.5 px-2.5">
          <div className="size-[18px] animate-pulse rounded-md bg-muted" />
          <div className="h-3.5 animate-pulse rounded-md bg-muted" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  )
}
