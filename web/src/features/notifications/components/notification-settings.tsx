import { Alert } from '@/components/ui/alert'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Switch } from '@/components/ui/switch'
import { useRequiredUser } from '@/lib/auth-store'
import type { NotificationChannel } from '@/lib/database'
import { describeError } from '@/lib/errors'
import { useChannelPreferences, useSetChannelEnabled } from '../api/notification-preferences'

const CHANNELS: { channel: NotificationChannel; label: string; description: string }[] = [
  { channel: 'in_app', label: 'In-app notifications', description: 'The bell in the header and the notifications page.' },
  { channel: 'browser', label: 'Browser notifications', description: 'Pop-ups from your browser while Daybase is open.' },
  { channel: 'email', label: 'Email notifications', description: 'Messages to your sign-in address.' },
]

export function NotificationSettings() {
  const user = useRequiredUser()
  const prefs = useChannelPreferences(user.id)
  const setEnabled = useSetChannelEnabled(user.id)

  if (prefs.isPending) return <Spinner label="Loading notification settings" />
  if (prefs.isError) return <Alert variant="destructive">Could not load notification settings: {describeError(prefs.error)}</Alert>
  return (
    <div className="grid gap-4">
      {CHANNELS.map(({ channel, label, description }) => (
        <div key={channel} className="flex items-start justify-between gap-4">
          <div className="grid gap-0.5">
            <Label htmlFor={`channel-${channel}`}>{label}</Label>
            <p id={`channel-${channel}-hint`} className="text-xs text-muted-foreground">
              {description}
            </p>
          </div>
          <Switch
            id={`channel-${channel}`}
            aria-describedby={`channel-${channel}-hint`}
            checked={prefs.data[channel].enabled}
            onCheckedChange={(enabled) => setEnabled.mutate({ channel, enabled })}
          />
        </div>
      ))}
    </div>
  )
}
