import type { ReactNode } from 'react'

/** One hash-addressable settings section; its heading takes focus when the hash names it. */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-4 gap-4 border-b pb-8 last:border-b-0">
      <div className="grid gap-1">
        <h2 id={`${id}-title`} tabIndex={-1} className="text-lg font-semibold outline-none">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  )
}

export function SettingsPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-8 p-4 md:p-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  )
}
