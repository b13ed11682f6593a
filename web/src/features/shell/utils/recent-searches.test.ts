import { describe, expect, it } from 'vitest'
import { addRecentSearch, readRecentSearches } from './recent-searches'

describe('addRecentSearch', () => {
  it('puts the newest first and keeps five', () => {
    let list: string[] = []
    for (const t of ['one', 'two', 'three', 'four', 'five', 'six']) list = addRecentSearch(list, t)
    expect(list).toEqual(['six', 'five', 'four', 'three', 'two'])
  })
  it('moves a repeated search to the front, case-insensitively, without a copy', () => {
    expect(addRecentSearch(['alpha', 'Beta', 'gamma'], 'beta')).toEqual(['beta', 'alpha', 'gamma'])
  })
  it('trims and ignores blanks', () => {
    expect(addRecentSearch(['a b'], '  milk  ')).toEqual(['milk', 'a b'])
    expect(addRecentSearch(['x'], '   ')).toEqual(['x'])
  })
})

describe('readRecentSearches', () => {
  it('accepts only a list of non-blank strings, five at most', () => {
    expect(readRecentSearches(null)).toEqual([])
    expect(readRecentSearches('milk')).toEqual([])
    expect(readRecentSearches(['a', 3, '', 'b', 'c', 'd', 'e', 'f'])).toEqual(['a', 'b', 'c', 'd', 'e'])
  })
})
