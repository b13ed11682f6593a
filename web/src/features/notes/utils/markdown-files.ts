/**
 * Notes as markdown files and back. A file is a note: its first-level
 * heading (or front matter title, or file name) is the title, the rest is
 * the content, its folder in the archive or picked folder is the note's
 * folder. Export writes the same shape, so an export imports back as it was.
 */

export const MAX_CONTENT = 50_000
export const MAX_TITLE = 500
const MAX_FOLDER = 100

export type ImportedNote = {
  /** Where it came from, for messages ('trips/rome.md'). */
  path: string
  title: string
  content: string
  /** Folder name, null: Uncategorized. */
  folder: string | null
}

export type SkippedFile = { path: string; reason: string }

export function isMarkdownPath(path: string): boolean {
  return /\.(md|markdown|mdown|txt)$/i.test(path) && !path.split('/').some((p) => p.startsWith('.') || p === '__MACOSX')
}

function cleanName(s: string, max: number): string {
  // Control characters and runs of whitespace, as the server cleans titles (002 §5).
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim().slice(0, max)
}

/**
 * The note of one file. `path` is relative to what was picked: a folder's
 * files carry the picked folder's name first ('Notes/trips/rome.md'), which
 * is dropped when `dropFirst` is set; the folder that holds the file names
 * the note's folder (the innermost one: folders do not nest).
 */
export function noteFromFile(path: string, text: string, dropFirst = false): ImportedNote | SkippedFile {
  const parts = path.split('/').filter(Boolean)
  if (dropFirst && parts.length > 1) parts.shift()
  const file = parts[parts.length - 1] ?? path
  const folderPart = parts.length > 1 ? cleanName(parts[parts.length - 2] ?? '', MAX_FOLDER) : ''
  let body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  let title = ''
  const front = /^---\n([\s\S]*?)\n---\n?/.exec(body)
  if (front) {
    const t = /^title:\s*["']?(.*?)["']?\s*$/m.exec(front[1] ?? '')
    if (t?.[1]) title = t[1]
    body = body.slice(front[0].length)
  }
  const h1 = /^\s*#\s+(.+?)\s*#*\s*(\n|$)/.exec(body)
  if (h1?.[1] && !title) {
    title = h1[1]
    body = body.slice(h1[0].length)
  }
  if (!title) title = file.replace(/\.[^.]+$/, '')
  body = body.replace(/^\n+/, '').replace(/\s+$/, '')
  if (body.length > MAX_CONTENT) {
    return { path, reason: `longer than ${MAX_CONTENT.toLocaleString('en-US')} characters` }
  }
  return {
    path,
    title: cleanName(title, MAX_TITLE),
    content: body,
    folder: folderPart || null,
  }
}

export function isSkipped(x: ImportedNote | SkippedFile): x is SkippedFile {
  return 'reason' in x
}

/**
 * Batches for the import requests: at most `rows` notes and about `bytes`
 * of text each (the server takes 1,000 rows and a 10 MB body a request;
 * each request counts once against the creation rate limit).
 */
export function batches<T extends { content: string; title: string }>(items: T[], rows = 500, bytes = 2_000_000): T[][] {
  const out: T[][] = []
  let current: T[] = []
  let size = 0
  for (const item of items) {
    const s = item.content.length + item.title.length + 200
    if (current.length > 0 && (current.length >= rows || size + s > bytes)) {
      out.push(current)
      current = []
      size = 0
    }
    current.push(item)
    size += s
  }
  if (current.length > 0) out.push(current)
  return out
}

/** A file name that every system accepts, from a title. */
export function fileNameOf(title: string): string {
  const base = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
  return base || 'Untitled'
}

export type ExportNote = { title: string; content: string; folder: string | null }

/** The files of an export: '{folder}/{title}.md' holding '# {title}' and the content; names made unique. */
export function exportFiles(notes: readonly ExportNote[]): { path: string; text: string }[] {
  const used = new Set<string>()
  return notes.map((n) => {
    const dir = n.folder ? `${fileNameOf(n.folder)}/` : ''
    const base = fileNameOf(n.title.trim() || 'Untitled')
    let path = `${dir}${base}.md`
    for (let i = 2; used.has(path.toLowerCase()); i++) path = `${dir}${base} (${i}).md`
    used.add(path.toLowerCase())
    const title = n.title.trim() || 'Untitled'
    return { path, text: `# ${title}\n\n${n.content}${n.content.endsWith('\n') ? '' : '\n'}` }
  })
}
