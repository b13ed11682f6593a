import { Copy, Key, ListChecks, Trash } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { relativeTimeInline } from '@/lib/relative-time'
import { toast } from '@/lib/toast'
import { type AppPassword, type NewAppPassword, caldavUrl, useAppPasswords, useCreateAppPassword, useRevokeAppPassword } from '../api/app-passwords'

/**
 * Two-way task sync over CalDAV (issue 26; 000 §9: Pro and Team): the
 * server address, and the app passwords calendar apps sign in with — made
 * here, shown once, revoked here. The feed card above carries the paywall.
 */
export function AppPasswordsCard({ plan, planLoading }: { plan: 'free' | 'pro' | 'team'; planLoading: boolean }) {
  const user = useRequiredUser()
  const paid = plan !== 'free'
  const list = useAppPasswords(user.id, paid && !planLoading)
  const create = useCreateAppPassword(user.id)
  const revoke = useRevokeAppPassword(user.id)
  const [name, setName] = useState('')
  const [made, setMade] = useState<NewAppPassword | null>(null)
  const [revoking, setRevoking] = useState<AppPassword | null>(null)
  const url = caldavUrl()

  const copy = async (text: string, what: string) => {
    await navigator.clipboard.writeText(text)
    toast.success(`${what} copied`)
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return
    void create.mutateAsync(trimmed).then((row) => {
      setMade(row)
      setName('')
    })
  }

  return (
    <Card aria-labelledby="caldav-title" className="grid gap-4 p-5">
      <div className="flex items-start gap-3">
        <ListChecks size={28} weight="duotone" aria-hidden />
        <div className="grid flex-1 gap-0.5">
          <h3 id="caldav-title" className="font-medium">
            Task sync (CalDAV)
          </h3>
          <p className="text-sm text-muted-foreground">
            Two-way sync with Apple Reminders, Thunderbird, or DAVx5 and jtx Board on Android: each project is a task list, and what you
            change there changes here. Sign in with your e-mail address and an app password made below.
          </p>
        </div>
      </div>
      {planLoading ? (
        <Skeleton className="h-24" />
      ) : !paid ? (
        <p className="text-sm text-muted-foreground">Available on the Pro and Team plans.</p>
      ) : (
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="caldav-url">Server address</Label>
            <div className="flex gap-2">
              <Input id="caldav-url" readOnly value={url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <Button variant="outline" onClick={() => void copy(url, 'Server address')} aria-label="Copy server address">
                <Copy size={16} aria-hidden /> <span className="hidden sm:inline">Copy</span>
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              User name: <span className="font-medium text-foreground">{user.email}</span>
            </p>
          </div>

          {made ? (
            <div role="status" className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3" aria-labelledby="caldav-made-title">
              <p id="caldav-made-title" className="text-sm font-medium">
                App password for “{made.name}”
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <code className="rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="new-app-password">
                  {made.password}
                </code>
                <Button size="sm" variant="outline" onClick={() => void copy(made.password, 'App password')}>
                  <Copy size={14} aria-hidden /> Copy app password
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setMade(null)}>
                  Done
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">Copy it into the app now: it will not be shown again.</p>
            </div>
          ) : null}

          <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <div className="grid min-w-48 flex-1 gap-1.5">
              <Label htmlFor="caldav-new-name">App password name</Label>
              <Input
                id="caldav-new-name"
                value={name}
                maxLength={100}
                placeholder="e.g. iPhone Reminders"
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={create.isPending || name.trim() === ''}>
              <Key size={16} aria-hidden /> {create.isPending ? 'Making…' : 'Make app password'}
            </Button>
          </form>

          {list.isPending ? (
            <Skeleton className="h-12" />
          ) : list.data && list.data.length > 0 ? (
            <ul aria-label="App passwords" className="divide-y rounded-lg border">
              {list.data.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <div className="grid min-w-0">
                    <span className="truncate text-sm font-medium">{p.name}</span>
                    <span className="text-xs text-muted-foreground">
                      Made {relativeTimeInline(p.created_at)} · {p.last_used_at ? `last used ${relativeTimeInline(p.last_used_at)}` : 'never used'}
                    </span>
                  </div>
                  <Button size="sm" variant="ghost" onClick={() => setRevoking(p)} aria-label={`Revoke ${p.name}`}>
                    <Trash size={14} aria-hidden /> <span className="hidden sm:inline">Revoke</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-lg border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
              No app passwords yet. Make one for each app you connect, so you can revoke one without the others.
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => (o ? undefined : setRevoking(null))}
        title={<>Revoke “{revoking?.name}”?</>}
        description="Apps signed in with it stop syncing at once. Your tasks stay as they are."
        action="Revoke"
        onConfirm={() => {
          if (!revoking) return
          const { id, name: revoked } = revoking
          setRevoking(null)
          void revoke.mutateAsync(id).then(() => toast.success(`“${revoked}” revoked`))
        }}
      />
    </Card>
  )
}
