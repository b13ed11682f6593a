import { PaperPlaneTilt, SlackLogo } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { useConnection, useDisconnect, useSaveConnection, validateWebhookUrl } from '../api/connections'
import { useSlackTest } from '../api/functions'

/**
 * The team chat webhook (000 §7): URL and channel. The URL goes to the
 * server and is never read back; a test message shows it works.
 */
export function SlackCard() {
  const user = useRequiredUser()
  const { connection, isPending } = useConnection(user.id, 'slack')
  const save = useSaveConnection(user.id, 'slack')
  const disconnect = useDisconnect(user.id, 'slack')
  const test = useSlackTest(user.id)
  const [editing, setEditing] = useState(false)
  const [url, setUrl] = useState('')
  const [channel, setChannel] = useState('')
  const [touched, setTouched] = useState(false)
  const connected = !!connection?.hasWebhookUrl
  const showForm = !connected || editing
  const replacing = connected && editing
  const urlError = replacing && !url.trim() ? null : validateWebhookUrl(url)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (urlError) return
    const config: Record<string, string | null> = { channel: channel.trim().replace(/^#/, '') || null }
    if (url.trim()) config.webhook_url = url.trim()
    save.mutate(config, {
      onSuccess: () => {
        setEditing(false)
        setUrl('')
        setTouched(false)
      },
    })
  }

  return (
    <Card aria-labelledby="slack-title" className="grid gap-4 p-5">
      <div className="flex items-start gap-3">
        <SlackLogo size={28} weight="duotone" aria-hidden />
        <div className="grid flex-1 gap-0.5">
          <div className="flex items-center gap-2">
            <h3 id="slack-title" className="font-medium">
              Slack
            </h3>
            {connected ? <Badge variant="success">Connected</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">Post a message to a channel when you create a task.</p>
        </div>
      </div>
      {isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <>
          {connected && !editing ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 px-3 py-2 text-sm">
              <span>
                Posting to <span className="font-medium">{connection.channel ? `#${connection.channel}` : 'the webhook’s channel'}</span>
              </span>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => test.mutate()} disabled={test.isPending}>
                  <PaperPlaneTilt size={14} aria-hidden /> {test.isPending ? 'Sending…' : 'Send a test message'}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setChannel(connection.channel ?? '')
                    setEditing(true)
                  }}
                >
                  Edit
                </Button>
                <Button size="sm" variant="ghost" className="text-destructive" onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
                  Disconnect
                </Button>
              </div>
            </div>
          ) : null}
          {showForm ? (
            <form onSubmit={submit} noValidate aria-label="Slack connection" className="grid gap-3">
              <Field
                label="Webhook URL"
                hint={replacing ? 'Leave empty to keep the saved URL; it is never shown again.' : 'From Slack: Apps → Incoming Webhooks → Add to a channel.'}
                error={touched ? urlError : null}
              >
                {(props) => (
                  <Input
                    {...props}
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    placeholder={replacing ? '•••••• saved' : 'https://hooks.slack.com/services/…'}
                    value={url}
                    onChange={(e) => setUrl(e.target.value)}
                  />
                )}
              </Field>
              <Field label="Channel" hint="Optional: posts go to the webhook’s own channel otherwise.">
                {(props) => <Input {...props} placeholder="#general" value={channel} onChange={(e) => setChannel(e.target.value)} />}
              </Field>
              <div className="flex gap-2">
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving…' : connected ? 'Save' : 'Connect Slack'}
                </Button>
                {editing ? (
                  <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                ) : null}
              </div>
            </form>
          ) : null}
        </>
      )}
    </Card>
  )
}
