import { Book, Brain, Briefcase, Coffee, Feather, Hash, Heart, type Icon, Quotes, Star, Target } from '@phosphor-icons/react'

/** The ten journal icons of 002 §2 (briefcase is labelled Work). */
export const JOURNAL_ICONS: readonly { name: string; label: string; icon: Icon }[] = [
  { name: 'book', label: 'Book', icon: Book },
  { name: 'star', label: 'Star', icon: Star },
  { name: 'target', label: 'Target', icon: Target },
  { name: 'brain', label: 'Brain', icon: Brain },
  { name: 'quote', label: 'Quote', icon: Quotes },
  { name: 'hash', label: 'Hash', icon: Hash },
  { name: 'heart', label: 'Heart', icon: Heart },
  { name: 'briefcase', label: 'Work', icon: Briefcase },
  { name: 'coffee', label: 'Coffee', icon: Coffee },
  { name: 'feather', label: 'Feather', icon: Feather },
]

/** The nine journal colours of 002 §2. */
export const JOURNAL_COLORS: readonly { name: string; label: string; swatch: string }[] = [
  { name: 'blue', label: 'Blue', swatch: '#3b82f6' },
  { name: 'purple', label: 'Purple', swatch: '#a855f7' },
  { name: 'green', label: 'Green', swatch: '#22c55e' },
  { name: 'orange', label: 'Orange', swatch: '#f97316' },
  { name: 'red', label: 'Red', swatch: '#ef4444' },
  { name: 'pink', label: 'Pink', swatch: '#ec4899' },
  { name: 'indigo', label: 'Indigo', swatch: '#6366f1' },
  { name: 'teal', label: 'Teal', swatch: '#14b8a6' },
  { name: 'gray', label: 'Gray', swatch: '#6b7280' },
]

export type JournalAppearance = { icon: string; color: string }

export const DEFAULT_APPEARANCE: JournalAppearance = { icon: 'book', color: 'blue' }

/** journal_folders.color: JSON text holding the icon and the colour (002 §3), e.g. {"icon":"book","color":"blue"}. */
export function parseAppearance(color: string | null | undefined): JournalAppearance {
  try {
    const v = JSON.parse(color ?? '') as Partial<JournalAppearance>
    return {
      icon: JOURNAL_ICONS.some((i) => i.name === v.icon) ? (v.icon as string) : DEFAULT_APPEARANCE.icon,
      // A colour class from elsewhere ('bg-blue-500', 'text-blue') still names its colour.
      color: JOURNAL_COLORS.find((c) => typeof v.color === 'string' && v.color.includes(c.name))?.name ?? DEFAULT_APPEARANCE.color,
    }
  } catch {
    return DEFAULT_APPEARANCE
  }
}

export function serializeAppearance(a: JournalAppearance): string {
  return JSON.stringify({ icon: a.icon, color: a.color })
}

export function journalIcon(name: string): Icon {
  return JOURNAL_ICONS.find((i) => i.name === name)?.icon ?? Book
}

export function journalSwatch(name: string): string {
  return JOURNAL_COLORS.find((c) => c.name === name)?.swatch ?? '#3b82f6'
}
