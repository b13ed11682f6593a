import type { Icon } from '@phosphor-icons/react'
import type { ReactNode } from 'react'

type EmptyStateProps = {
  icon: Icon
  title: string
  description: ReactNode
  children?: ReactNode
}

export function EmptyState({ icon: IconComponent, title, description, children }: EmptyStateProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <IconComponent size={28} weight="duotone" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{description}</p>
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  )
}
