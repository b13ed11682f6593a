import { previewOf } from '@/lib/markdown-text'

/** What the list view (0674) carries of a note's text: its first 300 characters. */
export function previewSource(content: string): string {
  return content.slice(0, 300)
}

/** The line a list shows under the title (002 §9: 100 characters). */
export function notePreview(preview: string): string {
  return previewOf(preview, 100)
}

/** A note's name where one is needed: its title, else 'Untitled'. */
export function noteTitle(title: string | null | undefined): string {
  return title?.trim() ? title.trim() : 'Untitled'
}
