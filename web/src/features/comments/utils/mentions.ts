/** The text form of a mention (002 §3): @[Display Name](user-id). */
const MENTION = /@\[([^\]\n]*)\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)/g

export type Segment = { kind: 'text'; text: string } | { kind: 'mention'; name: string; id: string }

/** Splits a comment into its text and its mentions, in order. */
export function parseMentions(content: string): Segment[] {
  const out: Segment[] = []
  let last = 0
  for (const m of content.matchAll(MENTION)) {
    const at = m.index
    if (at > last) out.push({ kind: 'text', text: content.slice(last, at) })
    out.push({ kind: 'mention', name: m[1] ?? '', id: m[2] ?? '' })
    last = at + m[0].length
  }
  if (last < content.length) out.push({ kind: 'text', text: content.slice(last) })
  return out
}

/** The user ids mentioned in a comment, once each, in order. */
export function mentionedIds(content: string): string[] {
  return [...new Set(parseMentions(content).flatMap((s) => (s.kind === 'mention' ? [s.id] : [])))]
}

/** The text form of a mention; brackets and line breaks in the name would break it. */
export function mentionText(name: string, id: string): string {
  return `@[${name.replace(/[[\]\n]/g, ' ').trim()}](${id})`
}

/**
 * The mention being typed at the caret: the text after the last at-sign
 * that has no space or line break after it (the picker closes on either,
 * 002 §5). Null when the caret is not in one.
 */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret)
  const at = before.lastIndexOf('@')
  if (at < 0) return null
  // An at-sign inside a word (an e-mail address) does not open the picker.
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return null
  const query = before.slice(at + 1)
  if (/[\s[\]()]/.test(query)) return null
  return { start: at, query }
}

/** Up to `limit` people whose name or e-mail starts a word with the query. */
export function matchPeople<P extends { full_name: string | null; email: string | null }>(people: P[], query: string, limit = 5): P[] {
  const q = query.trim().toLowerCase()
  const hit = (p: P) => {
    if (!q) return true
    const words = `${p.full_name ?? ''} ${p.email ?? ''}`.toLowerCase().split(/[\s@._-]+/)
    return words.some((w) => w.startsWith(q)) || (p.full_name ?? '').toLowerCase().startsWith(q) || (p.email ?? '').toLowerCase().startsWith(q)
  }
  return people.filter(hit).slice(0, limit)
}
