import { downloadBlob } from '@/lib/download'
import type { Attachment } from '../api/attachments'

/**
 * Download (002 §7): fetch the file and save it under its name; when that
 * fails ('Failed to fetch file: {status} {text}'), open it in a new tab.
 */
export async function downloadAttachment(a: Attachment): Promise<void> {
  if (!a.url) return
  try {
    const res = await fetch(a.url)
    if (!res.ok) throw new Error(`Failed to fetch file: ${res.status} ${res.statusText}`)
    downloadBlob(a.filename, await res.blob())
  } catch {
    window.open(a.url, '_blank', 'noopener')
  }
}
