/**
 * Project dialog rules (001 §3, §5, §9): a name that is not blank once
 * trimmed, eight colour presets (default #3b82f6), an icon (default Folder,
 * duotone), and an overview that may carry a 'Due: yyyy-MM-dd' line.
 */
export const PROJECT_COLORS: readonly { value: string; label: string }[] = [
  { value: '#3b82f6', label: 'Blue' },
  { value: '#ef4444', label: 'Red' },
  { value: '#f97316', label: 'Orange' },
  { value: '#eab308', label: 'Yellow' },
  { value: '#22c55e', label: 'Green' },
  { value: '#14b8a6', label: 'Teal' },
  { value: '#8b5cf6', label: 'Violet' },
  { value: '#ec4899', label: 'Pink' },
]

export const DEFAULT_PROJECT_COLOR = '#3b82f6'
export const DEFAULT_PROJECT_ICON = 'Folder'
export const DEFAULT_PROJECT_WEIGHT = 'duotone'

export const ICON_WEIGHTS = ['thin', 'light', 'regular', 'bold', 'fill', 'duotone'] as const
export type IconWeight = (typeof ICON_WEIGHTS)[number]

export function isIconWeight(w: unknown): w is IconWeight {
  return typeof w === 'string' && (ICON_WEIGHTS as readonly string[]).includes(w)
}

export function validateProjectName(name: string): string | null {
  if (!name.trim()) return 'Enter a project name'
  if (name.trim().length > 100) return 'A project name can be at most 100 characters'
  return null
}

const DUE_LINE = /^Due: (\d{4}-\d{2}-\d{2})\s*$/m

/** The overview's text and its due date, split. */
export function splitOverview(overview: string | null): { text: string; due: string } {
  const o = overview ?? ''
  const due = DUE_LINE.exec(o)?.[1] ?? ''
  const text = o
    .replace(DUE_LINE, '')
    .replace(/^\n+|\n+$/g, '')
  return { text, due }
}

/** The stored overview: the text, then 'Due: yyyy-MM-dd' on a line of its own; null when empty. */
export function joinOverview(text: string, due: string): string | null {
  const parts = [text.trim(), due ? `Due: ${due}` : ''].filter(Boolean)
  return parts.length ? parts.join('\n') : null
}
