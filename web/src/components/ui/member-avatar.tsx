import { cn } from '@/lib/cn'

/** The person's name as shown: full name, else e-mail, else 'Member'. */
export function memberName(m: { full_name: string | null; email: string | null }): string {
  return m.full_name?.trim() || m.email || 'Member'
}

function initials(name: string): string {
  const parts = name.replace(/@.*/, '').split(/[\s._-]+/).filter(Boolean)
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase()
}

/**
 * A round avatar: the picture when there is one, else the initials. With a
 * label it is an image of that name for assistive technology; without, it
 * is decoration beside a visible name.
 */
export function MemberAvatar({ name, url, label, className }: { name: string; url?: string | null; label?: string; className?: string }) {
  return url ? (
    <img src={url} alt={label ?? ''} title={label ?? name} className={cn('size-8 rounded-full object-cover ring-2 ring-background', className)} />
  ) : (
    <span
      title={label ?? name}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={cn('flex size-8 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary ring-2 ring-background', className)}
    >
      {initials(name)}
    </span>
  )
}
