import { ChatCenteredText, PencilSimple, Trash } from '@phosphor-icons/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { MemberAvatar, memberName } from '@/components/ui/member-avatar'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { relativeTime } from '@/lib/relative-time'
import { usePostgresChanges } from '@/lib/use-postgres-changes'
import { type Comment, type Person, commentKeys, useCommentMutations, useComments, useTaskPeople } from '../api/comments'
import { parseMentions } from '../utils/mentions'
import { MentionComposer } from './mention-composer'

function CommentBody({ content }: { content: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {parseMentions(content).map((s, i) =>
        s.kind === 'text' ? (
          s.text
        ) : (
          <span key={i} data-mention={s.id} className="rounded bg-primary/10 px-1 font-medium text-primary">
            @{s.name}
          </span>
        ),
      )}
    </p>
  )
}

type ItemProps = {
  comment: Comment
  author: Person | undefined
  mine: boolean
  people: Person[]
  selfId: string
  mutations: ReturnType<typeof useCommentMutations>
}

function CommentItem({ comment, author, mine, people, selfId, mutations }: ItemProps) {
  const [editing, setEditing] = useState(false)
  const name = author ? memberName(author) : 'Former member'
  const edited = comment.updated_at !== comment.created_at
  return (
    <li className="flex gap-2" aria-label={`Comment by ${name}`}>
      <MemberAvatar name={name} url={author?.avatar_url} className="size-7 text-[10px]" />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex items-start gap-2">
          {/* In a narrow pane the time wraps under the name rather than cut it short. */}
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
            <span className="max-w-full truncate text-sm font-medium">{name}</span>
            <time dateTime={comment.created_at} title={new Date(comment.created_at).toLocaleString()} className="text-xs text-muted-foreground">
              {relativeTime(comment.created_at)}
            </time>
            {edited ? <span className="text-xs text-muted-foreground">(edited)</span> : null}
          </div>
          {mine && !editing ? (
            <span className="flex shrink-0">
              <Button variant="ghost" size="icon-sm" className="size-7" aria-label="Edit comment" onClick={() => setEditing(true)}>
                <PencilSimple size={14} aria-hidden />
              </Button>
              <Button variant="ghost" size="icon-sm" className="size-7" aria-label="Delete comment" onClick={() => mutations.remove.mutate(comment.id)}>
                <Trash size={14} aria-hidden />
              </Button>
            </span>
          ) : null}
        </div>
        {editing ? (
          <MentionComposer
            label="Edit comment"
            initial={comment.content}
            people={people}
            selfId={selfId}
            busy={mutations.update.isPending}
            submitLabel="Save"
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (content) => {
              // An unchanged edit just closes the editor (002 §4).
              if (content.trim() !== comment.content) await mutations.update.mutateAsync({ id: comment.id, content })
              setEditing(false)
            }}
          />
        ) : (
          <CommentBody content={comment.content} />
        )}
      </div>
    </li>
  )
}

/**
 * A task's comment thread (002 §2, §4, §5): oldest first in a list at most
 * 300 px high, add, edit and delete one's own, @mentions as chips, and new
 * comments of others arriving live (realtime on task_comments of the task).
 */
export function CommentThread({ task }: { task: { id: string; team_id?: string | null } }) {
  const user = useRequiredUser()
  const queryClient = useQueryClient()
  const comments = useComments(task.id)
  const people = useTaskPeople(task.id)
  const mutations = useCommentMutations(user.id, task.id)
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: commentKeys.thread(task.id) })
    // A new author (someone who just joined) needs a name.
    void queryClient.invalidateQueries({ queryKey: commentKeys.people(task.id) })
  }
  // Read again at each join too: a comment made before it (the pane just
  // moved to the modal, the network came back) would never arrive.
  usePostgresChanges({ table: 'task_comments', filter: `task_id=eq.${task.id}` }, readAgain, readAgain)
  const everyone = people.data ?? []
  const byId = new Map(everyone.map((p) => [p.user_id, p]))
  const count = comments.data?.length ?? 0

  return (
    <section aria-labelledby={`comments-${task.id}`} className="grid gap-3">
      <h3 id={`comments-${task.id}`} className="text-sm font-semibold">
        Comments{count ? <span className="ml-1 font-normal text-muted-foreground">({count})</span> : null}
      </h3>
      {comments.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading comments">
          {[0, 1].map((i) => (
            <div key={i} className="flex gap-2">
              <Skeleton className="size-7 rounded-full" />
              <div className="grid flex-1 gap-1.5">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-5/6" />
              </div>
            </div>
          ))}
        </div>
      ) : comments.isError ? (
        <div role="alert" className="flex items-center justify-between gap-2 rounded-md border border-destructive/40 p-2 text-sm">
          <span>Comments could not be loaded.</span>
          <Button size="sm" variant="outline" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </div>
      ) : count === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ChatCenteredText size={16} aria-hidden />
          No comments yet
        </p>
      ) : (
        <ul className="grid max-h-[300px] gap-3 overflow-y-auto pr-1" aria-label="Comments">
          {comments.data.map((c) => (
            <CommentItem key={c.id} comment={c} author={byId.get(c.user_id)} mine={c.user_id === user.id} people={everyone} selfId={user.id} mutations={mutations} />
          ))}
        </ul>
      )}
      <MentionComposer
        label="Add a comment"
        people={everyone}
        selfId={user.id}
        busy={mutations.add.isPending}
        submitLabel="Comment"
        onSubmit={(content) => mutations.add.mutateAsync({ teamId: task.team_id ?? null, content })}
      />
    </section>
  )
}
