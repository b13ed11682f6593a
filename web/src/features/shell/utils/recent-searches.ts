/** The palette remembers this many searches (spec 001 §9). */
export const RECENT_SEARCHES_MAX = 5

/** The user_preferences key the list is kept under (decisions: "Recent searches"). */
export const RECENT_SEARCHES_KEY = 'search.recentSearches'

/** term first, any earlier copy of it (case-insensitive) dropped, at most RECENT_SEARCHES_MAX. */
export function addRecentSearch(list: readonly string[], term: string): string[] {
  const t = term.trim()
  if (!t) return [...list]
  const lower = t.toLowerCase()
  return [t, ...list.filter((s) => s.toLowerCase() !== lower)].slice(0, RECENT_SEARCHES_MAX)
}

/** The stored value as a list of strings, whatever was stored. */
export function readRecentSearches(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.filter((s): s is string => typeof s === 'string' && s.trim() !== '').slice(0, RECENT_SEARCHES_MAX)
}
