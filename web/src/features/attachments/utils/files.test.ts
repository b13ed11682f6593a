import { describe, expect, it } from 'vitest'
import { MB, checkBatch, checkSignatures, fileProblem, previewKind, signatureProblem, zoomBy } from './files'

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

describe('signatures (002 §5, as storage/validate.Content)', () => {
  const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))
  const png = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'rest')
  it('refuses executables in any file, whatever their name', () => {
    expect(signatureProblem(f('report.pdf', 'application/pdf'), bytes('MZ', [0x90, 0]))).toBe('File "report.pdf" contains dangerous executable signature')
    expect(signatureProblem(f('notes.txt', 'text/plain'), bytes('#!/bin/sh\n'))).toBe('File "notes.txt" contains dangerous executable signature')
    expect(signatureProblem(f('a.zip', 'application/zip'), bytes([0xca, 0xfe, 0xba, 0xbe]))).not.toBeNull()
    expect(signatureProblem(f('b.txt', 'text/plain'), bytes([0x7f], 'ELF'))).not.toBeNull()
  })
  it('wants an image to start with its type’s signature', () => {
    expect(signatureProblem(f('photo.png', 'image/png'), png)).toBeNull()
    expect(signatureProblem(f('photo.png', 'image/png'), bytes('%PDF-1.4'))).toBe('File "photo.png" does not match its declared type "image/png"')
    expect(signatureProblem(f('photo.jpg', 'image/jpeg'), png)).toBe('File "photo.jpg" does not match its declared type "image/jpeg"')
    expect(signatureProblem(f('p.jpg', 'image/jpeg'), bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeNull()
    expect(signatureProblem(f('g.gif', 'image/gif'), bytes('GIF89a'))).toBeNull()
    expect(signatureProblem(f('w.webp', 'image/webp'), bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBeNull()
    expect(signatureProblem(f('w.webp', 'image/webp'), bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).not.toBeNull()
    expect(signatureProblem(f('i.svg', 'image/svg+xml'), bytes([0xef, 0xbb, 0xbf], ' <?xml version="1.0"?><svg/>'))).toBeNull()
    expect(signatureProblem(f('i.svg', 'image/svg+xml'), bytes('hello'))).not.toBeNull()
  })
  it('leaves other types to their extension and MIME checks', () => {
    expect(signatureProblem(f('a.pdf', 'application/pdf'), bytes('not really a pdf'))).toBeNull()
  })
  it('checks files before they are sent, reading only their first bytes', async () => {
    // jsdom's Blob has no arrayBuffer(); these stand in for the browser's File.
    const file = (name: string, data: Uint8Array) =>
      ({ name, type: 'image/png', size: data.length, slice: () => ({ arrayBuffer: () => Promise.resolve(data.buffer) }) }) as unknown as File
    const good = file('good.png', png)
    const bad = file('fake.png', bytes('%PDF-1.4'))
    const r = await checkSignatures([good, bad])
    expect(r.accepted).toEqual([good])
    expect(r.errors).toEqual(['File "fake.png" does not match its declared type "image/png"'])
  })
})
