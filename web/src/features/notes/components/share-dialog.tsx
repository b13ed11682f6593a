import { Copy, EnvelopeSimple, Link as LinkIcon, UserMinus, X } from '@phosphor-icons/react'
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { type FormEvent, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { describeError } from '@/lib/errors'
import { relativeTime } from '@/lib/relative-time'
import { toast } from '@/lib/toast'
import {
  type NoteShare,
  type SharePermission,
  type ShareTarget,
  shareUrl,
  useCreateShare,
  useRevokeShare,
  useSetSharePermission,
  useShare,
} from '../api/note-shares'
import { useRemoveShareRecipient, useShareRecipients } from '../api/share-recipients'
import { useNotesUiStore } from '../stores/notes-ui-store'
import { addRecipients, shareMailto } from '../utils/share-email'

const PERMISSIONS: { value: SharePermission; label: string; hint: string }[] = [
  { value: 'view', label: 'Can view', hint: 'People with the link can read.' },
  { value: 'edit', label: 'Can edit', hint: 'People with the link can change the text.' },
]

function PermissionChoice({ value, onChange, disabled }: { value: SharePermission; onChange: (p: SharePermission) => void; disabled?: boolean }) {
  return (
    <RadioGroupPrimitive.Root
      aria-label="Permission"
      value={value}
      onValueChange={(v) => onChange(v as SharePermission)}
      disabled={disabled}
      className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1"
    >
      {PERMISSIONS.map((p) => (
        <RadioGroupPrimitive.Item
          key={p.value}
          value={p.value}
          title={p.hint}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm"
        >
          {p.label}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  )
}

function Recipients({ share }: { share: NoteShare }) {
  const recipients = useShareRecipients(share.id, share.note_id)
  const remove = useRemoveShareRecipient(share.id)
  return (
    <section aria-labelledby="share-people" className="grid gap-2">
      <h3 id="share-people" className="text-sm font-medium">
        People with access
      </h3>
      {recipients.isPending ? (
        <Spinner label="Loading people" />
      ) : recipients.isError ? (
        <p className="text-sm text-destructive">Could not load the people: {describeError(recipients.error)}</p>
      ) : recipients.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody has opened the link yet. People appear here once they open it signed in.</p>
      ) : (
        <ul className="grid max-h-48 gap-1 overflow-y-auto" aria-label="People with access">
          {recipients.data.map((r) => (
            <li key={r.user_id} className="flex items-center gap-3 rounded-md px-1 py-1">
              <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
                {(r.full_name || r.email || '?').slice(0, 1).toUpperCase()}
              </span>
              <span className="grid min-w-0 flex-1">
                <span className="truncate text-sm font-medium">{r.full_name || r.email}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {r.email} · opened {relativeTime(r.opened_at).toLowerCase()}
                </span>
              </span>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${r.full_name || r.email}`}
                title="Remove access"
                onClick={() => remove.mutate({ shareId: share.id, userId: r.user_id }, { onSuccess: () => toast.success('Access removed') })}
              >
                <UserMinus size={16} aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function EmailShare({ target, link, from }: { target: ShareTarget; link: string; from: string }) {
  const [typed, setTyped] = useState('')
  const [list, setList] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)

  const add = () => {
    const r = addRecipients(list, typed)
    setError(r.error)
    if (!r.error) {
      setList(r.list)
      setTyped('')
    }
    return r
  }
  const send = (e: FormEvent) => {
    e.preventDefault()
    const r = typed.trim() ? add() : { list, error: null }
    if (r.error) return
    const mail = shareMailto(r.list, target.name, link, from)
    if (mail.error || !mail.href) {
      setError(mail.error)
      return
    }
    window.location.href = mail.href
    toast.success('E-mail ready in your mail app', { description: 'Recipients get access when they open the link signed in.' })
  }

  return (
    <form onSubmit={send} aria-labelledby="share-email" className="grid gap-2" noValidate>
      <h3 id="share-email" className="text-sm font-medium">
        Send the link by e-mail
      </h3>
      {list.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Recipients">
          {list.map((email) => (
            <li key={email} className="flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-xs">
              {email}
              <button
                type="button"
                aria-label={`Remove ${email}`}
                className="rounded-full p-0.5 outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => setList(list.filter((x) => x !== email))}
              >
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          aria-label="E-mail addresses"
          type="email"
          multiple
          placeholder="name@example.com"
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'share-email-error' : 'share-email-hint'}
          onChange={(e) => {
            setTyped(e.target.value)
            setError(null)
          }}
          onKeyDown={(e) => {
            if (e.key === ',' || (e.key === 'Enter' && typed.trim())) {
              e.preventDefault()
              add()
            }
          }}
        />
        <Button type="submit" variant="outline">
          <EnvelopeSimple size={16} aria-hidden /> Send
        </Button>
      </div>
      {error ? (
        <p id="share-email-error" className="text-xs text-destructive">
          {error}
        </p>
      ) : (
        <p id="share-email-hint" className="text-xs text-muted-foreground">
          Opens your mail app with the link; the mail goes from your own address.
        </p>
      )}
    </form>
  )
}

function ShareBody({ target, from }: { target: ShareTarget; from: string }) {
  const share = useShare(target.kind, target.id)
  const create = useCreateShare(target)
  const setPermission = useSetSharePermission(target)
  const revoke = useRevokeShare(target)
  const [newPermission, setNewPermission] = useState<SharePermission>('view')
  const [confirmRevoke, setConfirmRevoke] = useState(false)

  if (share.isPending) return <Spinner label="Loading the link" />
  if (share.isError) return <Alert variant="destructive">Could not load the link: {describeError(share.error)}</Alert>

  if (!share.data) {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          Create a link: anyone who opens it signed in gets this {target.kind} {target.kind === 'folder' ? 'and its notes ' : ''}in their “Shared with me”.
        </p>
        <PermissionChoice value={newPermission} onChange={setNewPermission} />
        <Button
          onClick={() => create.mutate(newPermission, { onSuccess: () => toast.success('Share link created') })}
          disabled={create.isPending}
        >
          <LinkIcon size={16} aria-hidden /> Create link
        </Button>
      </div>
    )
  }

  const current = share.data
  const link = shareUrl(current)
  const permission = current.permission as SharePermission
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      toast.success('Link copied')
    } catch {
      toast.error('Could not copy the link', { description: 'Select the link and copy it yourself.' })
    }
  }
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <label htmlFor="share-link" className="text-sm font-medium">
          Share link
        </label>
        <div className="flex gap-2">
          <Input id="share-link" readOnly value={link} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="outline" onClick={() => void copy()}>
            <Copy size={16} aria-hidden /> Copy
          </Button>
        </div>
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">Permission</span>
        <PermissionChoice
          value={permission}
          disabled={setPermission.isPending}
          onChange={(p) =>
            setPermission.mutate({ shareId: current.id, permission: p }, { onSuccess: () => toast.success(p === 'edit' ? 'People with the link can edit' : 'People with the link can view') })
          }
        />
      </div>
      <Recipients share={current} />
      <EmailShare target={target} link={link} from={from} />
      <div className={cn('flex flex-wrap items-center justify-between gap-2 border-t pt-4')}>
        {confirmRevoke ? (
          <>
            <p className="text-sm">Revoke the link? Everyone loses access at once.</p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={() => setConfirmRevoke(false)}>
                Keep
              </Button>
              <Button
                variant="destructive"
                size="sm"
                onClick={() =>
                  revoke.mutate(
                    { shareId: current.id },
                    {
                      onSuccess: () => {
                        setConfirmRevoke(false)
                        toast.success('Link revoked')
                      },
                    },
                  )
                }
              >
                Revoke link
              </Button>
            </div>
          </>
        ) : (
          <Button variant="ghost" className="text-destructive hover:text-destructive" onClick={() => setConfirmRevoke(true)}>
            Revoke link
          </Button>
        )}
      </div>
    </div>
  )
}

/** Share (002 §2): a link with 'Can view' or 'Can edit', copy, revoke, the people who opened it, and e-mail. */
export function ShareDialog({ from }: { from: string }) {
  const target = useNotesUiStore((s) => s.shareTarget)
  const close = useNotesUiStore((s) => s.setShareTarget)
  return (
    <Dialog open={!!target} onOpenChange={(o) => (o ? undefined : close(null))}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Share “{target?.name}”</DialogTitle>
          <DialogDescription>{target?.kind === 'folder' ? 'Share the folder and every note in it.' : 'Share this note.'}</DialogDescription>
        </DialogHeader>
        {target ? <ShareBody target={target} from={from} /> : null}
      </DialogContent>
    </Dialog>
  )
}
