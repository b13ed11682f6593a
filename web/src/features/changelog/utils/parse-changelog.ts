/** One release of CHANGELOG.md: '## YYYY-MM-DD — title', a sentence, items grouped by '###'. */
export type ChangelogEntry = {
  date: string
  title: string
  intro: string
  groups: { heading: string | null; items: string[] }[]
}

/**
 * Parses the changelog's own small format (see its header): anything
 * before the first '## ' is the file's preamble and skipped.
 */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = []
  let entry: ChangelogEntry | null = null
  for (const raw of markdown.split('\n')) {
    const line = raw.trimEnd()
    const release = /^## (\d{4}-\d{2}-\d{2})\s*(?:[—–-]\s*(.*))?$/.exec(line)
    if (release) {
      entry = { date: release[1] ?? '', title: (release[2] ?? '').trim(), intro: '', groups: [] }
      entries.push(entry)
      continue
    }
    if (!entry) continue
    const group = /^### (.+)$/.exec(line)
    if (group) {
      entry.groups.push({ heading: (group[1] ?? '').trim(), items: [] })
      continue
    }
    const item = /^[-*] (.+)$/.exec(line)
    if (item) {
      let last = entry.groups.at(-1)
      if (!last) {
        last = { heading: null, items: [] }
        entry.groups.push(last)
      }
      last.items.push((item[1] ?? '').trim())
      continue
    }
    if (line && entry.groups.length === 0) entry.intro = `${entry.intro} ${line}`.trim()
  }
  return entries
}
