import { describe, expect, it } from 'vitest'
import { MB, checkBatch, fileProblem, previewKind, zoomBy } from './files'

const f = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('fileProblem', () => {
  it('refuses with the server texts', () => {
    expect(fileProblem(f('run.exe', 'application/octet-stream'))).toBe('File type "exe" is not allowed for security reasons')
    expect(fileProblem(f('a.bin', 'application/x-foo'))).toBe('File type "application/x-foo" is not supported')
    expect(fileProblem(f('big.pdf', 'application/pdf', 11 * MB))).toBe('File "big.pdf" exceeds maximum size of 10MB')
    expect(fileProblem(f('empty.txt', 'text/plain', 0))).toBe('File "empty.txt" is empty')
  })
  it('takes allowed files, typing markdown by its extension', () => {
    expect(fileProblem(f('a.png', 'image/png'))).toBeNull()
    expect(fileProblem(f('notes.md', ''))).toBeNull()
    expect(fileProblem(f('big.pdf', 'application/pdf', 50 * MB), 100 * MB)).toBeNull()
  })
})

describe('checkBatch', () => {
  it('keeps 5 files and 20 MB, warns about the rest', () => {
    const files = Array.from({ length: 7 }, (_, i) => f(`${i}.png`, 'image/png'))
    const r = checkBatch(files)
    expect(r.accepted).toHaveLength(5)
    expect(r.warnings).toHaveLength(2)
    const heavy = checkBatch([f('a.pdf', 'application/pdf', 9 * MB), f('b.pdf', 'application/pdf', 9 * MB), f('c.pdf', 'application/pdf', 9 * MB)])
    expect(heavy.accepted.map((x) => x.name)).toEqual(['a.pdf', 'b.pdf'])
    expect(heavy.warnings[0]).toContain('20 MB')
  })
})

describe('preview and zoom', () => {
  it('knows what it can show', () => {
    expect(previewKind('image/png')).toBe('image')
    expect(previewKind('application/pdf')).toBe('pdf')
    expect(previewKind('application/zip')).toBe('none')
  })
  it('zooms in 1.2× steps within 50–300 %', () => {
    expect(zoomBy(1, 1)).toBe(1.2)
    expect(zoomBy(2.9, 1)).toBe(3)
    expect(zoomBy(0.55, -1)).toBe(0.5)
  })
})
