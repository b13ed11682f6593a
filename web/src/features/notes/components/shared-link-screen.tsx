import { Eye, LinkBreak, Note as NoteIcon, PencilSimple, UsersThree } from '@phosphor-icons/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, Navigate } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageSpinner } from '@/components/ui/spinner'
import { describeError } from '@/lib/errors'
import { relativeTime } from '@/lib/relative-time'
import { useSharedFolderNotes } from '../api/get-shared-folder-notes'
import { noteKeys } from '../api/keys'
import { type OpenedShare, useOpenShareLink } from '../api/open-share-link'
import { notePreview, noteTitle } from '../utils/note-text'

function SharedFolder({ share }: { share: OpenedShare }) {
  const folder = useSharedFolderNotes(share.content_id, share.owner_id)
  if (folder.isPending) return <PageSpinner />
  if (folder.isError) return <Alert variant="destructive">Could not open the folder: {describeError(folder.error)}</Alert>
  if (!folder.data.folder) {
    return <EmptyState icon={LinkBreak} title="This folder is gone" description="Its owner deleted it." />
  }
  const { notes } = folder.data
  return (
    <div className="grid gap-0">
      <header className="flex flex-wrap items-center gap-3 border-b px-4 py-4 md:px-6">
        <UsersThree size={24} weight="duotone" aria-hidden className="text-primary" />
        <div className="grid min-w-0 flex-1">
          <h1 className="truncate text-xl font-semibold tracking-tight">{folder.data.folder.name}</h1>
          <p className="text-sm text-muted-foreground">Shared folder · {notes.length} note{notes.length === 1 ? '' : 's'}</p>
        </div>
        <Badge variant="secondary" className="gap-1">
          {share.permission === 'edit' ? <PencilSimple size={12} aria-hidden /> : <Eye size={12} aria-hidden />}
          {share.permission === 'edit' ? 'Can edit' : 'Can view'}
        </Badge>
      </header>
      {notes.length === 0 ? (
        <EmptyState icon={NoteIcon} title="No notes in this folder yet" description="Notes its owner adds show up here." />
      ) : (
        <ul aria-label="Notes" className="divide-y">
          {notes.map((n) => (
            <li key={n.id}>
              <Link to={`/app/notes/${n.id}`} className="grid gap-0.5 px-4 py-3 outline-none hover:bg-accent/50 focus-visible:bg-accent md:px-6">
                <span className="truncate text-sm font-medium">{noteTitle(n.title)}</span>
                <span className="truncate text-sm text-muted-foreground">{notePreview(n.preview) || 'No text'}</span>
                <span className="text-xs text-muted-foreground">{relativeTime(n.updated_at)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * /app/shared/{note|folder}/{token} (002 §2): opening the link makes the
 * signed-in user a recipient; a note then opens in the editor (editable
 * only with 'Can edit'), a folder lists its notes.
 */
export function SharedLinkScreen({ token, userId }: { token: string; userId: string }) {
  const queryClient = useQueryClient()
  const share = useOpenShareLink(token)
  useEffect(() => {
    if (share.isSuccess) void queryClient.invalidateQueries({ queryKey: noteKeys.sharedWithMe(userId) })
  }, [share.isSuccess, queryClient, userId])

  if (share.isPending) return <PageSpinner />
  if (share.isError) {
    return (
      <EmptyState icon={LinkBreak} title="Invalid or expired share link" description={`${describeError(share.error)}. Ask the person who shared it for a new link.`}>
        <Button asChild>
          <Link to="/app/notes">Your notes</Link>
        </Button>
      </EmptyState>
    )
  }
  if (share.data.content_type === 'note') return <Navigate to={`/app/notes/${share.data.content_id}`} replace />
  return <SharedFolder share={share.data} />
}
