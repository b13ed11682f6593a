import { describe, expect, it } from 'vitest'
import { toCSV, toTSV } from './csv'
import { offsetOfPosition } from './position'

describe('toCSV', () => {
  it('quotes what needs quoting and leaves NULL empty', () => {
    expect(toCSV(['a', 'b'], [['1', null], ['x,y', 'say "hi"\nbye']])).toBe('a,b\r\n1,\r\n"x,y","say ""hi""\nbye"\r\n')
  })
})

describe('toTSV', () => {
  it('joins cells with tabs and flattens line breaks', () => {
    expect(toTSV(['a', 'b'], [['1\n2', null]])).toBe('a\tb\n1 2\t')
  })
})

describe('offsetOfPosition', () => {
  it('counts code points as PostgreSQL does', () => {
    const text = "select '😀', nope"
    expect(text.slice(offsetOfPosition(text, 13))).toBe('nope')
    expect(offsetOfPosition(text, 1)).toBe(0)
    expect(offsetOfPosition(text, 999)).toBe(text.length)
  })
})
