/** A smart filter as the duplicate cleanup sees it. */
export type FilterName = { id: string; name: string; created_at: string }

/** Duplicates are soft-deleted this many at a time, with a pause between batches (001 §9). */
export const CLEANUP_BATCH = 50
export const CLEANUP_PAUSE_MS = 100

/**
 * The filters to soft-delete (001 §4): of those with the same name (trimmed,
 * case-insensitive) all but the oldest; ties of created_at keep the
 * smaller id, so two devices pick the same survivor.
 */
export function duplicateFilterIds(rows: readonly FilterName[]): string[] {
  const oldest = new Map<string, FilterName>()
  const drop: string[] = []
  const byAge = [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
  for (const r of byAge) {
    const key = r.name.trim().toLowerCase()
    if (oldest.has(key)) drop.push(r.id)
    else oldest.set(key, r)
  }
  return drop
}

/** ids in batches of CLEANUP_BATCH. */
export function batches<T>(ids: readonly T[], size = CLEANUP_BATCH): T[][] {
  const out: T[][] = []
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size))
  return out
}
