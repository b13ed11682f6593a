import { describe, expect, it } from 'vitest'
import { markdownToPlain, previewOf, wordCount } from './markdown-text'

describe('markdown text', () => {
  it('drops the syntax and keeps the words', () => {
    const md = [
      '# Trip to *Rome*',
      '',
      '- [x] Book **flights** with @[Sam Lee](0b7c1c8e-9c7e-4a59-9a8e-6a0f4a3b2c11)',
      '1. See the [Colosseum](https://example.com)',
      '> Quote',
      '```js',
      'const a = 1',
      '```',
      '![map](https://example.com/map.png)',
    ].join('\n')
    expect(markdownToPlain(md)).toBe('Trip to Rome Book flights with @Sam Lee See the Colosseum Quote const a = 1 map')
  })

  it('cuts previews at a word', () => {
    expect(previewOf('word '.repeat(50), 20)).toBe('word word word word…')
    expect(previewOf('short')).toBe('short')
  })

  it('counts words', () => {
    expect(wordCount('')).toBe(0)
    expect(wordCount('## Two words')).toBe(2)
  })
})
