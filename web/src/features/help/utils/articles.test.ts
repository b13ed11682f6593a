import { describe, expect, it } from 'vitest'
import { ARTICLES, byArea, searchArticles } from './articles'

describe('help articles', () => {
  it('cover every area of the app once each, with unique ids', () => {
    const areas = byArea(ARTICLES).map(([area]) => area)
    for (const area of ['Tasks', 'Eisenhower matrix', 'Notes', 'Journal', 'Focus timer', 'Teams', 'Notifications', 'Account and security', 'Plans and billing', 'Integrations', 'Your data'])
      expect(areas).toContain(area)
    expect(new Set(ARTICLES.map((a) => a.id)).size).toBe(ARTICLES.length)
  })

  it('are found by every word of a query, in any case', () => {
    expect(searchArticles('BACKUP codes').map((a) => a.id)).toEqual(['two-factor', 'lost-authenticator'])
    expect(searchArticles('nothing like this')).toEqual([])
    expect(searchArticles('  ')).toHaveLength(ARTICLES.length)
  })
})
