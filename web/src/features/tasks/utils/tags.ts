/**
 * tasks.tags is one string, names separated by a comma and a space (001 §3).
 * Names are trimmed and matched case-insensitively (001 §5).
 */

export function parseTags(tags: string | null | undefined): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of (tags ?? '').split(',')) {
    const name = raw.trim()
    const key = name.toLowerCase()
    if (!name || seen.has(key)) continue
    seen.add(key)
    out.push(name)
  }
  return out
}

/** The stored form; null when there are none. */
export function formatTags(names: readonly string[]): string | null {
  const clean = parseTags(names.join(','))
  return clean.length ? clean.join(', ') : null
}

export function hasTag(tags: string | null | undefined, name: string): boolean {
  const key = name.trim().toLowerCase()
  return parseTags(tags).some((t) => t.toLowerCase() === key)
}

export function withTag(tags: string | null | undefined, name: string): string | null {
  return hasTag(tags, name) ? formatTags(parseTags(tags)) : formatTags([...parseTags(tags), name])
}

export function withoutTag(tags: string | null | undefined, name: string): string | null {
  const key = name.trim().toLowerCase()
  return formatTags(parseTags(tags).filter((t) => t.toLowerCase() !== key))
}

/** The 12-colour palette of 001 §9. */
export const TAG_PALETTE: readonly string[] = [
  '#ef4444', '#f97316', '#f59e0b', '#84cc16', '#22c55e', '#14b8a6',
  '#06b6d4', '#3b82f6', '#6366f1', '#8b5cf6', '#d946ef', '#ec4899',
]

/** A tag's colour, chosen deterministically from its name (FNV-1a of the lower-cased name). */
export function tagColor(name: string): string {
  let h = 0x811c9dc5
  for (const ch of name.trim().toLowerCase()) {
    h ^= ch.codePointAt(0) ?? 0
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return TAG_PALETTE[h % TAG_PALETTE.length] as string
}
