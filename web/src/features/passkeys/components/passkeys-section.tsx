import { Fingerprint, PencilSimple, Trash } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { toast } from '@/lib/toast'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { relativeTimeInline } from '@/lib/relative-time'
import { browserSupportsWebAuthn } from '@/lib/webauthn'
import {
  type Passkey,
  addPasskey,
  removePasskey,
  renamePasskey,
  usePasskeyMutation,
  usePasskeys,
} from '../api/passkeys'

const MAX_NAME = 120

const nameOf = (p: Passkey) => p.friendly_name || 'Passkey'

/** Settings → Security: the account's passkeys, to add, rename and remove. */
export function PasskeysSection() {
  const user = useRequiredUser()
  const passkeys = usePasskeys(user.id)
  const add = usePasskeyMutation(user.id, addPasskey)
  const [renaming, setRenaming] = useState<Passkey | null>(null)
  const [removing, setRemoving] = useState<Passkey | null>(null)
  const supported = browserSupportsWebAuthn()

  const onAdd = () =>
    add.mutate(undefined, {
      onSuccess: (added) => {
        if (added) toast.success('Passkey added', { description: `${nameOf(added)} can now sign you in.` })
      },
      onError: (e) => toast.error('Error adding passkey', { description: e.message }),
    })

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Sign in with your fingerprint, face or device PIN instead of your password. Passkeys stay on your devices and
        cannot be phished.
      </p>
      {passkeys.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading passkeys">
          <Skeleton className="h-14" />
        </div>
      ) : passkeys.isError ? (
        <Alert variant="destructive">Your passkeys could not be loaded: {passkeys.error.message}</Alert>
      ) : passkeys.data.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No passkeys yet.
        </p>
      ) : (
        <ul aria-label="Passkeys" className="grid divide-y rounded-md border">
          {passkeys.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Fingerprint size={22} weight="duotone" className="text-muted-foreground" aria-hidden />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="truncate text-sm font-medium">{nameOf(p)}</p>
                <p className="text-xs text-muted-foreground">
                  Added {relativeTimeInline(p.created_at)} ·{' '}
                  {p.last_used_at ? `Last used ${relativeTimeInline(p.last_used_at)}` : 'Never used'}
                </p>
              </div>
              <div className="flex gap-1">
                <Button variant="ghost" size="icon-sm" aria-label={`Rename ${nameOf(p)}`} onClick={() => setRenaming(p)}>
                  <PencilSimple aria-hidden />
                </Button>
                <Button variant="ghost" size="icon-sm" aria-label={`Remove ${nameOf(p)}`} onClick={() => setRemoving(p)}>
                  <Trash aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled={!supported || add.isPending} onClick={onAdd}>
          <Fingerprint aria-hidden />
          {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
        </Button>
        {supported ? null : <p className="text-xs text-muted-foreground">This browser cannot create passkeys.</p>}
      </div>
      <RenameDialog userId={user.id} passkey={renaming} onClose={() => setRenaming(null)} />
      <RemoveDialog userId={user.id} passkey={removing} onClose={() => setRemoving(null)} />
    </div>
  )
}

function RenameDialog({ userId, passkey, onClose }: { userId: string; passkey: Passkey | null; onClose: () => void }) {
  const rename = usePasskeyMutation(userId, renamePasskey)
  const [error, setError] = useState<string | null>(null)

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!passkey) return
    const name = String(new FormData(e.currentTarget).get('name') ?? '').trim()
    if (!name) return setError('Enter a name')
    if (name.length > MAX_NAME) return setError(`Use at most ${MAX_NAME} characters`)
    setError(null)
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          toast.success('Passkey renamed')
          onClose()
        },
        onError: (err) => setError(err.message),
      },
    )
  }

  return (
    <Dialog
      open={!!passkey}
      onOpenChange={(open) => {
        if (!open) {
          setError(null)
          onClose()
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename passkey</DialogTitle>
          <DialogDescription>A name helps you tell your devices apart.</DialogDescription>
        </DialogHeader>
        <form id="rename-passkey-form" noValidate onSubmit={onSubmit} className="grid gap-4">
          <Field label="Name" error={error}>
            {(p) => <Input {...p} name="name" defaultValue={passkey ? nameOf(passkey) : ''} maxLength={MAX_NAME} autoFocus />}
          </Field>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="rename-passkey-form" disabled={rename.isPending}>
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function RemoveDialog({ userId, passkey, onClose }: { userId: string; passkey: Passkey | null; onClose: () => void }) {
  const remove = usePasskeyMutation(userId, removePasskey)
  return (
    <ConfirmDialog
      open={!!passkey}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<>Remove {passkey ? nameOf(passkey) : 'passkey'}?</>}
      description="It will no longer sign you in. Remove it from the device too, in its password or passkey manager."
      action="Remove"
      onConfirm={(e) => {
        e.preventDefault()
        if (!passkey) return
        remove.mutate(passkey.id, {
          onSuccess: () => {
            toast.success('Passkey removed')
            onClose()
          },
          onError: (err) => toast.error('Error removing passkey', { description: err.message }),
        })
      }}
      disabled={remove.isPending}
    />
  )
}
