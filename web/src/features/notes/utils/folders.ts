import type { NoteSummary } from '../api/get-notes'
import type { NoteSort } from '../stores/notes-ui-store'

/** The ten named colours of the folder dialogs (002 §2, §9), Indigo first: the default. Stored by name. */
export const FOLDER_COLORS = [
  { name: 'indigo', label: 'Indigo', swatch: '#6366f1' },
  { name: 'blue', label: 'Blue', swatch: '#3b82f6' },
  { name: 'sky', label: 'Sky', swatch: '#0ea5e9' },
  { name: 'teal', label: 'Teal', swatch: '#14b8a6' },
  { name: 'green', label: 'Green', swatch: '#22c55e' },
  { name: 'yellow', label: 'Yellow', swatch: '#eab308' },
  { name: 'orange', label: 'Orange', swatch: '#f97316' },
  { name: 'red', label: 'Red', swatch: '#ef4444' },
  { name: 'pink', label: 'Pink', swatch: '#ec4899' },
  { name: 'purple', label: 'Purple', swatch: '#a855f7' },
] as const

export const DEFAULT_FOLDER_COLOR = 'indigo'

/** The swatch of a stored colour: a named colour, a hex colour (0202 allows both), else Indigo's. */
export function folderSwatch(color: string): string {
  if (color.startsWith('#')) return color
  return FOLDER_COLORS.find((c) => c.name === color)?.swatch ?? FOLDER_COLORS[0].swatch
}

export type FolderFilter = { kind: 'all' } | { kind: 'uncategorized' } | { kind: 'folder'; id: string; name: string }

/** ?folder={id}&folderName={name}, ?folder=uncategorized, or all notes (002 §2). */
export function folderFilterOf(params: URLSearchParams): FolderFilter {
  const folder = params.get('folder')
  if (!folder) return { kind: 'all' }
  if (folder === 'uncategorized') return { kind: 'uncategorized' }
  return { kind: 'folder', id: folder, name: params.get('folderName') ?? '' }
}

export function folderHref(id: string, name: string): string {
  return `/app/notes?folder=${encodeURIComponent(id)}&folderName=${encodeURIComponent(name)}`
}

export function inFolder(note: Pick<NoteSummary, 'folder'>, folderName: string): boolean {
  return (note.folder ?? '').toLowerCase() === folderName.toLowerCase()
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/** Pinned notes first, then by the chosen order (newest change first by default). */
export function sortNotes(notes: readonly NoteSummary[], sort: NoteSort): NoteSummary[] {
  const by =
    sort === 'title'
      ? (a: NoteSummary, b: NoteSummary) => collator.compare(a.title || 'Untitled', b.title || 'Untitled')
      : sort === 'created'
        ? (a: NoteSummary, b: NoteSummary) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0)
        : (a: NoteSummary, b: NoteSummary) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0)
  return [...notes].sort((a, b) => Number(b.pinned) - Number(a.pinned) || by(a, b))
}

/** Notes per folder name (lower-cased) and without one, for the sidebar's counts. */
export function countByFolder(notes: readonly NoteSummary[]): { byFolder: Map<string, number>; uncategorized: number } {
  const byFolder = new Map<string, number>()
  let uncategorized = 0
  for (const n of notes) {
    if (!n.folder) uncategorized += 1
    else byFolder.set(n.folder.toLowerCase(), (byFolder.get(n.folder.toLowerCase()) ?? 0) + 1)
  }
  return { byFolder, uncategorized }
}
