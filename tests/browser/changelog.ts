import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type ChangelogEntry = { date: string; title: string }

/**
 * The entries of the repository's CHANGELOG.md, newest first, as the app's
 * changelog shows them. Journeys read them here rather than quoting one, so a
 * new entry does not break a test about the dialogs that show them.
 */
export function changelogEntries(): ChangelogEntry[] {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'CHANGELOG.md')
  return [...readFileSync(file, 'utf8').matchAll(/^## (\d{4}-\d\d-\d\d)\s*[—–-]\s*(.+)$/gm)].map((m) => ({
    date: m[1] ?? '',
    title: (m[2] ?? '').trim(),
  }))
}
