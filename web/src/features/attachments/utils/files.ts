/** 002 §5 and §9's file rules, checked before the upload (the server checks them again). */
export const MB = 1024 * 1024
export const MAX_FILE_BYTES = 10 * MB
export const BATCH_FILES = 5
export const BATCH_BYTES = 20 * MB
export const CONCURRENT = 3

const BLOCKED = new Set(
  'exe bat cmd com pif scr vbs js jar msi dll app deb rpm dmg pkg run sh bash zsh fish ps1 psm1 psd1 php asp aspx jsp cgi pl py rb'.split(' '),
)

/** The MIME list of 0206 (and of the task-attachments bucket). */
const MIME = new Set([
  'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml', 'application/pdf', 'text/plain', 'text/markdown', 'text/x-markdown',
  'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/zip', 'application/x-zip-compressed',
  'application/vnd.rar', 'application/x-rar-compressed', 'application/x-7z-compressed', 'application/json', 'text/javascript',
  'application/javascript', 'application/typescript', 'text/typescript', 'text/html', 'text/css', 'audio/mpeg', 'audio/wav',
  'audio/x-wav', 'audio/wave', 'audio/ogg', 'video/mp4', 'video/webm', 'video/ogg',
])

/** Browsers leave some types empty; the extension then names it. */
const BY_EXTENSION: Record<string, string> = { md: 'text/markdown', markdown: 'text/markdown', txt: 'text/plain', ts: 'application/typescript', '7z': 'application/x-7z-compressed', rar: 'application/vnd.rar' }

export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.')
  return i < 0 ? '' : name.slice(i + 1).toLowerCase()
}

export function mimeOf(file: { name: string; type: string }): string {
  return file.type || BY_EXTENSION[extensionOf(file.name)] || 'application/octet-stream'
}

/** What is wrong with one file, in the server's words; null when it may go. */
export function fileProblem(file: { name: string; type: string; size: number }, maxBytes = MAX_FILE_BYTES): string | null {
  const ext = extensionOf(file.name)
  if (file.name.length > 255) return `File name "${file.name.slice(0, 100)}" is longer than 255 characters`
  if (BLOCKED.has(ext)) return `File type "${ext}" is not allowed for security reasons`
  if (!MIME.has(mimeOf(file))) return `File type "${mimeOf(file)}" is not supported`
  if (file.size <= 0) return `File "${file.name}" is empty`
  if (file.size > maxBytes) return `File "${file.name}" exceeds maximum size of ${Math.round(maxBytes / MB)}MB`
  return null
}

export type Checked<F> = { accepted: F[]; errors: string[]; warnings: string[] }

/**
 * A batch as the panel takes it: files that break a rule are refused with
 * their reason; past 5 files or 20 MB the rest are left out with a warning.
 */
export function checkBatch<F extends { name: string; type: string; size: number }>(files: F[], maxBytes = MAX_FILE_BYTES): Checked<F> {
  const out: Checked<F> = { accepted: [], errors: [], warnings: [] }
  let bytes = 0
  for (const f of files) {
    const problem = fileProblem(f, maxBytes)
    if (problem) {
      out.errors.push(problem)
      continue
    }
    if (out.accepted.length >= BATCH_FILES) {
      out.warnings.push(`Only ${BATCH_FILES} files can be uploaded at once; "${f.name}" was left out`)
      continue
    }
    if (bytes + f.size > BATCH_BYTES) {
      out.warnings.push(`A batch can hold at most ${BATCH_BYTES / MB} MB; "${f.name}" was left out`)
      continue
    }
    bytes += f.size
    out.accepted.push(f)
  }
  return out
}

export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio' | 'none'

export function previewKind(mime: string): PreviewKind {
  if (mime.startsWith('image/')) return 'image'
  if (mime === 'application/pdf') return 'pdf'
  if (mime.startsWith('video/')) return 'video'
  if (mime.startsWith('audio/')) return 'audio'
  return 'none'
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < MB) return `${Math.round(n / 1024)} KB`
  return `${(n / MB).toFixed(n < 10 * MB ? 1 : 0)} MB`
}

/** Image zoom of 002 §9: 1.2× steps between 50 % and 300 %. */
export const ZOOM_MIN = 0.5
export const ZOOM_MAX = 3
export function zoomBy(zoom: number, direction: 1 | -1): number {
  const next = direction > 0 ? zoom * 1.2 : zoom / 1.2
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(next * 1000) / 1000))
}

/** How many leading bytes the signature check reads (storage/validate.HeadLen). */
export const HEAD_BYTES = 1024

const startsWith = (head: Uint8Array, sig: readonly number[]) => sig.length <= head.length && sig.every((b, i) => head[i] === b)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

/** Executable signatures refused in any file: Windows PE, Java class, shebang, ELF. */
const DANGEROUS = [ascii('MZ'), [0xca, 0xfe, 0xba, 0xbe], ascii('#!'), [0x7f, ...ascii('ELF')]]

function looksLikeSvg(head: Uint8Array): boolean {
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '').trimStart()
  return text.startsWith('<') && text.toLowerCase().includes('<svg')
}

/** Whether the first bytes are those of the image type; null for types without a signature rule. */
function imageSignatureFits(mime: string, head: Uint8Array): boolean | null {
  switch (mime) {
    case 'image/jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff])
    case 'image/png':
      return startsWith(head, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a])
    case 'image/gif':
      return startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))
    case 'image/webp':
      return startsWith(head, ascii('RIFF')) && startsWith(head.subarray(8), ascii('WEBP'))
    case 'image/svg+xml':
      return looksLikeSvg(head)
    default:
      return null
  }
}

/**
 * 002 §5's signature rule on a file's first bytes, in the storage server's
 * words (storage/validate.Content): no executable signature, and an image
 * starts with its type's signature.
 */
export function signatureProblem(file: { name: string; type: string }, head: Uint8Array): string | null {
  if (DANGEROUS.some((sig) => startsWith(head, sig))) return `File "${file.name}" contains dangerous executable signature`
  const mime = mimeOf(file)
  if (imageSignatureFits(mime, head) === false) return `File "${file.name}" does not match its declared type "${mime}"`
  return null
}

/** Reads each file's first bytes and refuses those whose signature does not fit, before any byte is sent. */
export async function checkSignatures<F extends Blob & { name: string; type: string }>(files: F[]): Promise<{ accepted: F[]; errors: string[] }> {
  const out: { accepted: F[]; errors: string[] } = { accepted: [], errors: [] }
  const heads = await Promise.all(
    files.map((f) =>
      f
        .slice(0, HEAD_BYTES)
        .arrayBuffer()
        .then((b) => new Uint8Array(b))
        .catch(() => null),
    ),
  )
  files.forEach((f, i) => {
    const head = heads[i]
    const problem = head ? signatureProblem(f, head) : 'Cannot validate file signature'
    if (problem) out.errors.push(problem)
    else out.accepted.push(f)
  })
  return out
}
