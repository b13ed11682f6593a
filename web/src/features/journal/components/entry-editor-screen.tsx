import { ArrowLeft, BookOpen, Trash } from '@phosphor-icons/react'
import { type KeyboardEvent, Suspense, lazy, useCallback, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { RichEditorHandle } from '@/components/editor/rich-editor'
import { EditorScreenSkeleton, EditorSkeleton, SaveStatus } from '@/components/editor/save-status'
import { LoadFailed } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { useDeleteEntry } from '../api/delete-entry'
import { type Entry, useEntry } from '../api/get-entry'
import { useJournals } from '../api/get-journals'
import type { EntryFields } from '../api/save-entry'
import { useEntrySession } from '../hooks/use-entry-session'
import { isoDay } from '../utils/dates'
import { ImageGallery } from './image-gallery'
import { MoodPicker } from './mood-picker'

// The editor (TipTap) loads with the pages that edit, never with the rest of the app.
const RichEditor = lazy(() => import('@/components/editor/rich-editor'))

type ScreenProps = { entryId: string; isNew: boolean; journalId: string | null; userId: string }

const fieldClass =
  'h-9 rounded-md border border-input bg-background px-2.5 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40'

function EntryEditor({ entry, entryId, isNew, journalId, userId }: ScreenProps & { entry: Entry | null }) {
  const navigate = useNavigate()
  const editor = useRef<RichEditorHandle>(null)
  const [focusText, setFocusText] = useState(false)
  const journals = useJournals(userId)
  const remove = useDeleteEntry()
  const [title, setTitle] = useState(entry?.title ?? '')
  const [date, setDate] = useState(entry?.date ?? isoDay(new Date()))
  const [mood, setMood] = useState<number | null>(entry?.mood ?? null)
  const [folder, setFolder] = useState<string | null>(entry?.folder ?? journalId)
  const fields = useRef({ title, date, mood, folder })
  fields.current = { title, date, mood, folder }

  const read = useCallback((): EntryFields => ({ ...fields.current, content: editor.current?.getMarkdown() ?? entry?.content ?? '' }), [entry])
  const apply = useCallback((f: EntryFields) => {
    setTitle(f.title)
    setDate(f.date)
    setMood(f.mood)
    setFolder(f.folder)
    fields.current = { title: f.title, date: f.date, mood: f.mood, folder: f.folder }
    editor.current?.setMarkdown(f.content)
  }, [])
  const session = useEntrySession({ entryId, userId, entry, read, apply, onCreated: () => navigate(`/app/journal/${entryId}`, { replace: true }) })

  // Field changes: the ref first, so the save reads the new value.
  const set = <K extends keyof typeof fields.current>(key: K, value: (typeof fields.current)[K], setter: (v: (typeof fields.current)[K]) => void) => {
    fields.current = { ...fields.current, [key]: value }
    setter(value)
    session.change()
  }
  const backTo = folder ? `/app/journal?journal=${encodeURIComponent(folder)}` : '/app/journal'
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.metaKey || e.ctrlKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 's') {
      e.preventDefault()
      void session.flush()
    }
  }

  return (
    <div className="flex h-full min-h-0 flex-col" onKeyDown={onKeyDown}>
      <header className="flex min-h-12 items-center gap-1 border-b px-2 md:px-4">
        <Button variant="ghost" size="icon-sm" asChild>
          <Link to={backTo} aria-label="Back to the journal">
            <ArrowLeft size={18} aria-hidden />
          </Link>
        </Button>
        <div className="flex min-w-0 flex-1 items-center px-1">
          <SaveStatus state={session.state} isNew={isNew && !entry} onRetry={session.retry} />
        </div>
        {entry ? (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Delete entry"
            title="Delete entry"
            onClick={() =>
              // The pending autosave first: a save landing after the delete would put the entry back in the list.
              // mutateAsync: mutate's onSuccess is dropped when the page unmounts first (a realtime DELETE).
              void session.flush().finally(() => remove.mutateAsync({ userId, id: entryId }).then(() => navigate(backTo), () => {}))
            }
          >
            <Trash size={18} aria-hidden />
          </Button>
        ) : null}
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex min-h-full max-w-3xl flex-col">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 pt-5 md:px-8">
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              Date
              <input
                type="date"
                required
                value={date}
                max="9999-12-31"
                onChange={(e) => e.target.value && set('date', e.target.value, setDate)}
                className={fieldClass}
              />
            </label>
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              Journal
              <select value={folder ?? ''} onChange={(e) => set('folder', e.target.value || null, setFolder)} className={fieldClass}>
                <option value="">No journal</option>
                {(journals.data ?? [])
                  .filter((j) => !j.id.startsWith('pending-'))
                  .map((j) => (
                    <option key={j.id} value={j.id}>
                      {j.name}
                    </option>
                  ))}
              </select>
            </label>
            <div className="flex items-center gap-2 text-sm text-muted-foreground">
              <span id="entry-mood-label">Mood</span>
              <MoodPicker value={mood} onChange={(m) => set('mood', m, setMood)} />
            </div>
          </div>
          <label htmlFor="entry-title" className="sr-only">
            Title
          </label>
          <textarea
            id="entry-title"
            rows={1}
            value={title}
            maxLength={500}
            placeholder={new Date(`${date}T12:00`).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })}
            autoFocus={isNew && !entry}
            onChange={(e) => set('title', e.target.value.replace(/\n/g, ' '), setTitle)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                // Before the editor's code is in, it takes the focus when it mounts.
                if (editor.current) editor.current.focus()
                else setFocusText(true)
              }
            }}
            className="w-full resize-none bg-transparent px-4 pt-4 pb-2 text-2xl font-semibold tracking-tight outline-none [field-sizing:content] placeholder:text-muted-foreground/60 md:px-8 md:text-3xl"
          />
          <Suspense fallback={<EditorSkeleton />}>
            <RichEditor
              markdown={entry?.content ?? ''}
              label="Entry text"
              placeholder="How was your day? What are you grateful for?"
              onChange={session.change}
              handleRef={editor}
              autoFocus={focusText}
              className="flex-1"
            />
          </Suspense>
          <div className="px-4 pb-8 md:px-8">
            <ImageGallery entryId={entryId} exists={!!entry} ensureCreated={session.ensureCreated} editable />
          </div>
        </div>
      </div>
    </div>
  )
}

/** /app/journal/{entryId} (and a new entry at /app/journal/{new id}?new=1): the entry in the editor. */
export function EntryEditorScreen(props: ScreenProps) {
  const entry = useEntry(props.entryId)
  if (entry.isPending) return <EditorScreenSkeleton />
  if (entry.isError) {
    return <LoadFailed what="Could not open the entry" error={entry.error} onRetry={() => void entry.refetch()} />
  }
  if (!entry.data && !props.isNew) {
    return (
      <EmptyState icon={BookOpen} title="Entry not found" description="It was deleted, or the link is wrong.">
        <Button asChild>
          <Link to="/app/journal">All entries</Link>
        </Button>
      </EmptyState>
    )
  }
  return <EntryEditor key={props.entryId} {...props} entry={entry.data} />
}
