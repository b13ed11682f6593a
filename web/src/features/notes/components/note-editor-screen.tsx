import { ArrowLeft, CloudCheck, DownloadSimple, Eye, Note as NoteIcon, PushPin, ShareNetwork, WarningCircle } from '@phosphor-icons/react'
import { type KeyboardEvent, Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { RichEditorHandle } from '@/components/editor/rich-editor'
import { EditorScreenSkeleton, EditorSkeleton, SaveStatus } from '@/components/editor/save-status'
import { Alert, LoadFailed } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { describeError } from '@/lib/errors'
import { toast } from '@/lib/toast'
import { useFolders } from '../api/get-folders'
import { type Note, useNote } from '../api/get-note'
import { useNotePeople } from '../api/get-note-people'
import { usePinNote } from '../api/pin-note'
import { uploadNoteImage } from '../api/upload-note-image'
import { useNoteSession } from '../hooks/use-note-session'
import { useNotesUiStore } from '../stores/notes-ui-store'
import { folderHref } from '../utils/folders'
import { noteTitle } from '../utils/note-text'
import { NoteActionsMenu, exportOne } from './note-row-menu'

// The editor (TipTap, ~170 KB) loads with the pages that edit, never with the rest of the app.
const RichEditor = lazy(() => import('@/components/editor/rich-editor'))

type ScreenProps = { noteId: string; isNew: boolean; folder: string | null; userId: string }

function Editor({ note, noteId, isNew, folder, userId }: ScreenProps & { note: Note | null }) {
  const navigate = useNavigate()
  const editor = useRef<RichEditorHandle>(null)
  const [focusText, setFocusText] = useState(false)
  const titleField = useRef<HTMLTextAreaElement>(null)
  const [title, setTitle] = useState(note?.title ?? '')
  const titleRef = useRef(title)
  titleRef.current = title
  const isOwner = !note || note.user_id === userId
  const people = useNotePeople(noteId, !!note && (!isOwner || note.is_shared))
  const me = people.data?.find((p) => p.user_id === userId)
  const canEdit = isOwner || me?.permission === 'edit'
  const owner = people.data?.find((p) => p.permission === 'owner')
  const folders = useFolders(userId)
  const pin = usePinNote()
  const setShareTarget = useNotesUiStore((s) => s.setShareTarget)
  const noteFolder = note?.folder ?? folder
  const folderRow = folders.data?.find((f) => f.name.toLowerCase() === (noteFolder ?? '').toLowerCase())
  const backTo = isOwner ? (folderRow ? folderHref(folderRow.id, folderRow.name) : '/app/notes') : '/app/notes'

  const read = useCallback(() => ({ title: titleRef.current, content: editor.current?.getMarkdown() ?? note?.content ?? '' }), [note])
  const apply = useCallback((text: { title: string; content: string }) => {
    setTitle(text.title)
    editor.current?.setMarkdown(text.content)
  }, [])
  const session = useNoteSession({
    noteId,
    userId,
    note,
    folder,
    canEdit,
    read,
    apply,
    onCreated: () => navigate(`/app/notes/${noteId}`, { replace: true }),
  })

  const mentions = useMemo(() => {
    const list = (people.data ?? []).filter((p) => p.user_id !== userId).map((p) => ({ id: p.user_id, label: p.full_name || p.email, email: p.email }))
    return () => list
  }, [people.data, userId])

  const upload = useCallback(
    async (file: File) => {
      await session.ensureCreated()
      return uploadNoteImage(noteId, file)
    },
    [noteId, session],
  )

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.metaKey || e.ctrlKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 's') {
      e.preventDefault()
      void session.flush()
    }
  }

  const pinned = note?.pinned ?? false
  const shownTitle = noteTitle(title)
  return (
    <div className="flex h-full min-h-0 flex-col" onKeyDown={onKeyDown}>
      <header className="flex min-h-12 items-center gap-1 border-b px-2 md:px-4">
        <Button variant="ghost" size="icon-sm" asChild>
          <Link to={backTo} aria-label={folderRow ? `Back to ${folderRow.name}` : 'Back to notes'}>
            <ArrowLeft size={18} aria-hidden />
          </Link>
        </Button>
        <div className="flex min-w-0 flex-1 items-center gap-3 px-1">
          {canEdit ? <SaveStatus state={session.state} isNew={isNew && !note} onRetry={session.retry} canRetry={!session.conflict} /> : null}
        </div>
        {isOwner && note ? (
          <>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={pinned ? 'Unpin note' : 'Pin note'}
              aria-pressed={pinned}
              title={pinned ? 'Unpin' : 'Pin to top'}
              onClick={() => pin.mutate({ userId, id: noteId, pinned: !pinned })}
            >
              <PushPin size={18} weight={pinned ? 'fill' : 'regular'} aria-hidden className={pinned ? 'text-primary' : undefined} />
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setShareTarget({ kind: 'note', id: noteId, name: shownTitle })}>
              <ShareNetwork size={16} aria-hidden /> <span className="max-sm:sr-only">Share</span>
            </Button>
            <NoteActionsMenu userId={userId} note={note} label="Note actions" onDeleted={() => navigate(backTo)} />
          </>
        ) : note ? (
          <Button variant="ghost" size="icon-sm" aria-label="Export as Markdown" onClick={() => void exportOne(noteId, shownTitle)}>
            <DownloadSimple size={18} aria-hidden />
          </Button>
        ) : null}
      </header>
      {session.gone ? (
        <Alert variant="destructive" className="rounded-none border-x-0 border-t-0">
          This note was deleted or is no longer shared with you. Copy what you need; it cannot be saved.
        </Alert>
      ) : session.conflict ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 border-b bg-amber-500/10 px-4 py-2 text-sm">
          <WarningCircle size={18} aria-hidden className="text-amber-600" />
          <span className="min-w-0 flex-1">This note was changed elsewhere while you were editing. Your text is not saved yet.</span>
          <Button size="sm" variant="outline" onClick={session.takeTheirs}>
            Show their version
          </Button>
          <Button size="sm" onClick={session.keepMine}>
            Keep mine
          </Button>
        </div>
      ) : session.notice ? (
        <div role="status" className="flex items-center gap-3 border-b bg-primary/5 px-4 py-2 text-sm">
          <CloudCheck size={18} aria-hidden className="text-primary" />
          <span className="flex-1">This note was just updated elsewhere; you are seeing the latest version.</span>
          <Button size="sm" variant="ghost" onClick={session.dismissNotice}>
            Dismiss
          </Button>
        </div>
      ) : !canEdit && note && people.data ? (
        <div role="status" className="flex items-center gap-2 border-b bg-muted/60 px-4 py-2 text-sm text-muted-foreground">
          <Eye size={16} aria-hidden /> View only{owner ? ` — shared by ${owner.full_name || owner.email}` : ''}.
        </div>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex min-h-full max-w-3xl flex-col">
          <label htmlFor="note-title" className="sr-only">
            Title
          </label>
          <textarea
            id="note-title"
            ref={titleField}
            rows={1}
            value={title}
            readOnly={!canEdit}
            maxLength={500}
            placeholder="Untitled"
            autoFocus={isNew && !note}
            onChange={(e) => {
              setTitle(e.target.value.replace(/\n/g, ' '))
              session.change()
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || (e.key === 'ArrowDown' && e.currentTarget.selectionStart === title.length)) {
                e.preventDefault()
                // Before the editor's code is in, it takes the focus when it mounts.
                if (editor.current) editor.current.focus()
                else setFocusText(true)
              }
            }}
            className="w-full resize-none bg-transparent px-4 pt-6 pb-2 text-2xl font-semibold tracking-tight outline-none [field-sizing:content] placeholder:text-muted-foreground/60 md:px-8 md:text-3xl"
          />
          <Suspense fallback={<EditorSkeleton />}>
            <RichEditor
              markdown={note?.content ?? ''}
              label="Note text"
              editable={canEdit && !session.gone}
              placeholder="Write, or type # for a heading, - for a list, [ ] for a task, @ to mention…"
              onChange={session.change}
              mentions={note?.is_shared || !isOwner ? mentions : undefined}
              onUploadImage={canEdit ? upload : undefined}
              onUploadError={(e) => toast.error('Image upload failed', { description: describeError(e) })}
              handleRef={editor}
              autoFocus={focusText}
              className="flex-1"
            />
          </Suspense>
        </div>
      </div>
    </div>
  )
}

/** /app/notes/{noteId} (and a new note at /app/notes/{new id}?new=1): the note in the editor. */
export function NoteEditorScreen(props: ScreenProps) {
  const note = useNote(props.noteId)
  if (note.isPending) return <EditorScreenSkeleton />
  if (note.isError) {
    return <LoadFailed what="Could not open the note" error={note.error} onRetry={() => void note.refetch()} />
  }
  if (!note.data && !props.isNew) {
    return (
      <EmptyState icon={NoteIcon} title="Note not found" description="It was deleted, or it is not shared with you (any more).">
        <Button asChild>
          <Link to="/app/notes">All notes</Link>
        </Button>
      </EmptyState>
    )
  }
  return <Editor key={props.noteId} {...props} note={note.data} />
}
