import { describe, expect, it } from 'vitest'
import changelog from '../../../../../CHANGELOG.md?raw'
import { parseChangelog } from './parse-changelog'

describe('the changelog', () => {
  it('reads releases, their sentence and their grouped items', () => {
    const entries = parseChangelog(`# Changelog

Preamble with - a dash line
- not an item of a release

## 2026-11-26 — Focus
Daybase helps you focus.

### Timer
- Start and pause.
- Skip.

### Dashboard
* Today.

## 2026-11-20
- First.
`)
    expect(entries).toEqual([
      {
        date: '2026-11-26',
        title: 'Focus',
        intro: 'Daybase helps you focus.',
        groups: [
          { heading: 'Timer', items: ['Start and pause.', 'Skip.'] },
          { heading: 'Dashboard', items: ['Today.'] },
        ],
      },
      { date: '2026-11-20', title: '', intro: '', groups: [{ heading: null, items: ['First.'] }] },
    ])
  })

  it('is the repository’s CHANGELOG.md, newest first, every entry with items', () => {
    const entries = parseChangelog(changelog)
    expect(entries.length).toBeGreaterThan(0)
    expect(entries[0]?.date).toBe(__CHANGELOG_LATEST__)
    expect(entries.map((e) => e.date)).toEqual([...entries.map((e) => e.date)].sort().reverse())
    for (const e of entries) expect(e.groups.flatMap((g) => g.items).length).toBeGreaterThan(0)
  })
})
