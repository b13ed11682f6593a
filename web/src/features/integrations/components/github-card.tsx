import { GithubLogo } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { useConnection, useDisconnect, useSaveConnection, validateRepo } from '../api/connections'
import { useRepos } from '../api/functions'

/**
 * The code-hosting account (000 §7): a token (kept by the server), the
 * default repository picked from the account's repositories.
 */
export function GitHubCard() {
  const user = useRequiredUser()
  const { connection, isPending } = useConnection(user.id, 'github')
  const save = useSaveConnection(user.id, 'github')
  const disconnect = useDisconnect(user.id, 'github')
  const connected = !!connection?.hasToken
  const repos = useRepos(user.id, connected)
  const [token, setToken] = useState('')
  const [repo, setRepo] = useState<string | null>(null)
  const [touched, setTouched] = useState(false)
  const [replacing, setReplacing] = useState(false)
  const chosenRepo = repo ?? connection?.defaultRepo ?? ''
  const tokenError = !connected || replacing ? (token.trim() ? null : 'Paste a personal access token with the repo scope.') : null
  const repoError = validateRepo(chosenRepo)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (tokenError || repoError) return
    const config: Record<string, string | null> = { default_repo: chosenRepo.trim() || null }
    if (token.trim()) config.token = token.trim()
    save.mutate(config, {
      onSuccess: () => {
        setToken('')
        setReplacing(false)
        setTouched(false)
        setRepo(null)
      },
    })
  }

  return (
    <Card aria-labelledby="github-title" className="grid gap-4 p-5">
      <div className="flex items-start gap-3">
        <GithubLogo size={28} weight="duotone" aria-hidden />
        <div className="grid flex-1 gap-0.5">
          <div className="flex items-center gap-2">
            <h3 id="github-title" className="font-medium">
              GitHub
            </h3>
            {connected ? <Badge variant="success">Connected</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">Create issues in your repositories from tasks.</p>
        </div>
      </div>
      {isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <form onSubmit={submit} noValidate aria-label="GitHub connection" className="grid gap-3">
          {connected && !replacing ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted/50 px-3 py-2 text-sm">
              <span>A token is saved (the server keeps it).</span>
              <Button type="button" size="sm" variant="ghost" onClick={() => setReplacing(true)}>
                Replace token
              </Button>
            </div>
          ) : (
            <Field label="Personal access token" hint="Kept by the server and never shown again." error={touched ? tokenError : null}>
              {(props) => (
                <Input {...props} type="password" autoComplete="off" placeholder="ghp_…" value={token} onChange={(e) => setToken(e.target.value)} />
              )}
            </Field>
          )}
          {connected ? (
            <Field label="Default repository" hint="Issues go here unless you pick another." error={touched ? repoError : null}>
              {(props) =>
                repos.isPending ? (
                  <Skeleton className="h-9" />
                ) : repos.data?.length ? (
                  <select
                    {...props}
                    value={chosenRepo}
                    onChange={(e) => setRepo(e.target.value)}
                    className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
                  >
                    <option value="">No default</option>
                    {repos.data.map((r) => (
                      <option key={r.id} value={r.full_name}>
                        {r.full_name}
                        {r.private ? ' (private)' : ''}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Input {...props} placeholder="owner/name" value={chosenRepo} onChange={(e) => setRepo(e.target.value)} />
                )
              }
            </Field>
          ) : null}
          {repos.isError ? <Alert variant="destructive">Could not list your repositories: {repos.error.message}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : connected ? 'Save' : 'Connect GitHub'}
            </Button>
            {replacing ? (
              <Button type="button" variant="ghost" onClick={() => setReplacing(false)}>
                Cancel
              </Button>
            ) : null}
            {connected ? (
              <Button type="button" variant="ghost" className="text-destructive" onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
                Disconnect
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </Card>
  )
}
