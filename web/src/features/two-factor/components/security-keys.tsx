import { Key, Trash } from '@phosphor-icons/react'
import type { Factor, User } from '@supabase/supabase-js'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { relativeTimeInline } from '@/lib/relative-time'
import { generateBackupCodes } from '../api/backup-codes'
import { unenrollWithRetry } from '../api/factors'
import { twoFactorKeys } from '../api/keys'
import { DEFAULT_KEY_NAME, addSecurityKey } from '../api/security-keys'
import { markTwoFactorEnabled } from '../api/settings'
import { BackupCodesView } from './backup-codes-view'

type Props = {
  user: User
  keys: Factor[]
  /** Two-factor is on already (an authenticator app or another key). */
  enabled: boolean
  /** Factors other than these keys: a key may go only while another factor stays. */
  otherFactors: number
}

/**
 * Security keys as a second factor, beside the authenticator app: add one
 * with the browser's prompt, list them, remove one while another factor
 * remains (removing the last one is "Disable 2FA", which also retires the
 * backup codes).
 */
export function SecurityKeys({ user, keys, enabled, otherFactors }: Props) {
  const queryClient = useQueryClient()
  const [adding, setAdding] = useState(false)
  const remove = useMutation({
    mutationFn: (id: string) => unenrollWithRetry(id),
    onSuccess: () => toast.success('Security key removed'),
    onError: (e) => toast.error('Error removing security key', { description: e.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  })
  const canRemove = keys.length + otherFactors > 1

  return (
    <div className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <p className="text-sm font-medium">Security keys</p>
        <p className="text-sm text-muted-foreground">
          A hardware key (USB, NFC) or a device's built-in authenticator as your second step, beside or instead of the
          authenticator app.
        </p>
      </div>
      {keys.length > 0 ? (
        <ul aria-label="Security keys" className="grid divide-y rounded-md border">
          {keys.map((k) => (
            <li key={k.id} className="flex items-center gap-3 px-4 py-3">
              <Key size={22} weight="duotone" className="text-muted-foreground" aria-hidden />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="truncate text-sm font-medium">{k.friendly_name || DEFAULT_KEY_NAME}</p>
                <p className="text-xs text-muted-foreground">Added {relativeTimeInline(k.created_at)}</p>
              </div>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${k.friendly_name || DEFAULT_KEY_NAME}`}
                title={canRemove ? undefined : 'Your only second factor: disable 2FA to remove it'}
                disabled={!canRemove || remove.isPending}
                onClick={() => remove.mutate(k.id)}
              >
                <Trash aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <Button variant="outline" onClick={() => setAdding(true)}>
          <Key aria-hidden />
          Add a security key
        </Button>
      </div>
      <AddKeyDialog user={user} enabled={enabled} open={adding} onOpenChange={setAdding} taken={keys.map((k) => k.friendly_name ?? '')} />
    </div>
  )
}

function AddKeyDialog({
  user,
  enabled,
  open,
  onOpenChange,
  taken,
}: {
  user: User
  enabled: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
  taken: string[]
}) {
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [done, setDone] = useState(false)
  const add = useMutation({
    meta: { silent: true },
    mutationFn: async (name: string) => {
      if (!(await addSecurityKey(name))) return false
      // The first factor turns two-factor on: the settings row and the
      // backup codes follow, as after an authenticator app (000 §4).
      if (!enabled) {
        await markTwoFactorEnabled(user.id).catch(() => undefined)
        setCodes(await generateBackupCodes(user.id).catch(() => null))
      }
      return true
    },
    onSuccess: (added) => {
      if (!added) return
      setDone(true)
      toast.success(enabled ? 'Security key added' : '2FA enabled successfully!')
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all })
    },
    onError: (e) => setError(e.message),
  })

  const close = (next: boolean) => {
    if (!next) {
      setError(null)
      setCodes(null)
      setDone(false)
      add.reset()
    }
    onOpenChange(next)
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const name = String(new FormData(e.currentTarget).get('name') ?? '').trim() || DEFAULT_KEY_NAME
    if (name.length > 120) return setError('Use at most 120 characters')
    if (taken.includes(name)) return setError('You already have a key with this name')
    setError(null)
    add.mutate(name)
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{done ? (codes ? 'Save your backup codes' : 'Security key added') : 'Add a security key'}</DialogTitle>
          <DialogDescription>
            {done
              ? codes
                ? 'Two-factor authentication is on. Keep these codes in case you lose your security key.'
                : 'Signing in now also accepts this key as your second step.'
              : 'Name the key, then insert or touch it when your browser asks.'}
          </DialogDescription>
        </DialogHeader>
        {done ? (
          codes ? (
            <BackupCodesView codes={codes} email={user.email} />
          ) : null
        ) : (
          <form id="add-key-form" noValidate onSubmit={onSubmit} className="grid gap-4">
            <Field label="Key name" error={error}>
              {(p) => <Input {...p} name="name" defaultValue={DEFAULT_KEY_NAME} maxLength={120} autoFocus />}
            </Field>
          </form>
        )}
        <DialogFooter>
          {done ? (
            <Button onClick={() => close(false)}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" form="add-key-form" disabled={add.isPending}>
                {add.isPending ? 'Waiting for your key…' : 'Continue'}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
