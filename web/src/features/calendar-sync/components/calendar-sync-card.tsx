import { ArrowsClockwise, CalendarDots, Copy, Lightning, Prohibit } from '@phosphor-icons/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { toast } from '@/lib/toast'
import { feedUrl, useCalendarFeed, useRegenerateFeed, useRevokeFeed } from '../api/feed'

type Confirm = 'regenerate' | 'revoke' | null

/**
 * The private iCalendar feed (issue 26; 000 §9: Pro and Team). Free users
 * see what it is and the way to upgrade; the server refuses them too.
 */
export function CalendarSyncCard({ plan, planLoading }: { plan: 'free' | 'pro' | 'team'; planLoading: boolean }) {
  const user = useRequiredUser()
  const feed = useCalendarFeed(user.id)
  const regenerate = useRegenerateFeed(user.id)
  const revoke = useRevokeFeed(user.id)
  const [confirm, setConfirm] = useState<Confirm>(null)
  const url = feed.data ? feedUrl(feed.data.token) : null

  const copy = async () => {
    if (!url) return
    await navigator.clipboard.writeText(url)
    toast.success('Feed URL copied')
  }

  return (
    <Card aria-labelledby="calendar-feed-title" className="grid gap-4 p-5">
      <div className="flex items-start gap-3">
        <CalendarDots size={28} weight="duotone" aria-hidden />
        <div className="grid flex-1 gap-0.5">
          <div className="flex items-center gap-2">
            <h3 id="calendar-feed-title" className="font-medium">
              Calendar feed
            </h3>
            {url ? <Badge variant="success">On</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            Subscribe to this private address in Google Calendar, Apple Calendar, Outlook or Thunderbird to see your dated tasks, their
            reminders and repeats. Anyone with the address can read it: keep it to yourself.
          </p>
        </div>
      </div>
      {planLoading || feed.isPending ? (
        <Skeleton className="h-10" />
      ) : plan === 'free' ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 px-3 py-2 text-sm" data-testid="calendar-sync-paywall">
          <span>Calendar sync is part of the Pro and Team plans.</span>
          <Button size="sm" asChild>
            <Link to="/app/settings/billing#subscription">
              <Lightning size={14} weight="fill" aria-hidden /> See plans
            </Link>
          </Button>
        </div>
      ) : url ? (
        <div className="grid gap-3">
          <label htmlFor="calendar-feed-url" className="sr-only">
            Feed URL
          </label>
          <div className="flex gap-2">
            <Input id="calendar-feed-url" readOnly value={url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" onClick={() => void copy()} aria-label="Copy feed URL">
              <Copy size={16} aria-hidden /> <span className="hidden sm:inline">Copy</span>
            </Button>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setConfirm('regenerate')} disabled={regenerate.isPending}>
              <ArrowsClockwise size={14} aria-hidden /> New address
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirm('revoke')} disabled={revoke.isPending}>
              <Prohibit size={14} aria-hidden /> Turn off
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button onClick={() => regenerate.mutate()} disabled={regenerate.isPending}>
            {regenerate.isPending ? 'Making the feed…' : 'Make a feed address'}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => (o ? undefined : setConfirm(null))}
        title={confirm === 'revoke' ? 'Turn the calendar feed off?' : 'Make a new feed address?'}
        description={
          confirm === 'revoke'
            ? 'Calendars subscribed to the current address stop receiving your tasks.'
            : 'The current address stops working at once; subscribe again with the new one.'
        }
        action={confirm === 'revoke' ? 'Turn off' : 'Make new address'}
        onConfirm={() => {
          if (confirm === 'revoke') revoke.mutate(undefined, { onSuccess: () => toast.success('Calendar feed turned off') })
          else regenerate.mutate(undefined, { onSuccess: () => toast.success('New feed address made') })
          setConfirm(null)
        }}
      />
    </Card>
  )
}
