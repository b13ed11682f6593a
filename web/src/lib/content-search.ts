/**
 * Terms for searching notes and journal entries (002 §5 "Content search"):
 * trimmed, markup characters stripped, 2 to 200 characters; '' when too
 * short to search.
 */
export function cleanContentTerm(raw: string): string {
  const term = raw.replace(/[<>{}[\]\\`]/g, '').trim().slice(0, 200)
  return term.length >= 2 ? term : ''
}
