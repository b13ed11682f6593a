import { describe, expect, it } from 'vitest'
import { batches, exportFiles, isMarkdownPath, isSkipped, noteFromFile } from './markdown-files'

describe('notes from markdown files', () => {
  it('takes the title from the first heading and the folder from the directory', () => {
    const note = noteFromFile('Vault/Trips/rome.md', '# Rome in May\n\n- [ ] book\n', true)
    expect(note).toEqual({
      path: 'Vault/Trips/rome.md',
      title: 'Rome in May',
      content: '- [ ] book',
      folder: 'Trips',
    })
  })

  it('reads a front matter title, else the file name; files at the top have no folder', () => {
    expect(noteFromFile('a.md', '---\ntitle: "Front"\ntags: x\n---\nBody')).toMatchObject({ title: 'Front', content: 'Body', folder: null })
    expect(noteFromFile('Vault/plain.md', 'Just text', true)).toMatchObject({ title: 'plain', folder: null })
  })

  it('skips files over 50,000 characters', () => {
    const r = noteFromFile('big.md', 'x'.repeat(50_001))
    expect(isSkipped(r) && r.reason).toBe('longer than 50,000 characters')
  })

  it('recognises markdown files and ignores hidden ones', () => {
    expect(isMarkdownPath('a/b.md')).toBe(true)
    expect(isMarkdownPath('a/.obsidian/x.md')).toBe(false)
    expect(isMarkdownPath('__MACOSX/a.md')).toBe(false)
    expect(isMarkdownPath('a.png')).toBe(false)
  })

  it('batches by rows and by size', () => {
    const items = Array.from({ length: 1200 }, () => ({ title: 't', content: 'c' }))
    expect(batches(items).map((b) => b.length)).toEqual([500, 500, 200])
    const big = Array.from({ length: 5 }, () => ({ title: 't', content: 'x'.repeat(900_000) }))
    expect(batches(big).map((b) => b.length)).toEqual([2, 2, 1])
  })
})

describe('markdown files from notes', () => {
  it('writes a heading and makes names unique; an export imports back', () => {
    const files = exportFiles([
      { title: 'Plan', content: 'one', folder: 'Work' },
      { title: 'Plan', content: 'two', folder: 'Work' },
      { title: 'a/b: c?', content: '', folder: null },
    ])
    expect(files.map((f) => f.path)).toEqual(['Work/Plan.md', 'Work/Plan (2).md', 'a b c.md'])
    expect(files[0]?.text).toBe('# Plan\n\none\n')
    expect(noteFromFile(files[0]?.path ?? '', files[0]?.text ?? '')).toMatchObject({ title: 'Plan', content: 'one', folder: 'Work' })
  })
})
