import { Sparkle } from '@phosphor-icons/react'
import { useEffect } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useRequiredUser } from '@/lib/auth-store'
import changelog from '../../../../../CHANGELOG.md?raw'
import { useMarkSeen } from '../api/seen'
import { useChangelogStore } from '../stores/changelog-store'
import { type ChangelogEntry, parseChangelog } from '../utils/parse-changelog'

const ENTRIES = parseChangelog(changelog)
const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' })

function dateOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return longDate.format(new Date(y, m - 1, d))
}

function Entry({ entry, level }: { entry: ChangelogEntry; level: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4'
  return (
    <article className="grid gap-2">
      <div className="grid gap-0.5">
        <time dateTime={entry.date} className="text-xs font-medium text-muted-foreground">
          {dateOf(entry.date)}
        </time>
        <Heading className="font-semibold">{entry.title || dateOf(entry.date)}</Heading>
        {entry.intro ? <p className="text-sm text-muted-foreground">{entry.intro}</p> : null}
      </div>
      {entry.groups.map((g, i) => (
        <div key={g.heading ?? i} className="grid gap-1">
          {g.heading ? <p className="text-sm font-medium">{g.heading}</p> : null}
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {g.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ))}
    </article>
  )
}

/**
 * What's new (the newest entry of CHANGELOG.md) and the whole changelog
 * (000 §2 account menu); opening either marks the newest as seen.
 */
export default function ChangelogDialog() {
  const user = useRequiredUser()
  const open = useChangelogStore((s) => s.open)
  const show = useChangelogStore((s) => s.show)
  const markSeen = useMarkSeen(user.id)
  const newest = ENTRIES[0]
  const { mutate } = markSeen

  useEffect(() => {
    if (open && newest) mutate(newest.date)
  }, [open, newest, mutate])

  return (
    <Dialog open={open !== null} onOpenChange={(o) => !o && show(null)}>
      <DialogContent className="max-w-xl">
        {open === 'whats-new' && newest ? (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <Sparkle size={18} weight="fill" aria-hidden className="text-primary" /> What's new
              </DialogTitle>
              <DialogDescription>The latest changes to Daybase (version {__APP_VERSION__}).</DialogDescription>
            </DialogHeader>
            <Entry entry={newest} level={3} />
            <Button variant="link" className="h-auto justify-self-start p-0" onClick={() => show('changelog')}>
              See the whole changelog
            </Button>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Changelog</DialogTitle>
              <DialogDescription>Everything that changed in Daybase, newest first.</DialogDescription>
            </DialogHeader>
            <div className="grid max-h-[60vh] gap-6 overflow-y-auto pr-1">
              {ENTRIES.map((e, i) => (
                <div key={e.date} className="grid gap-2">
                  {i === 0 ? <Badge className="justify-self-start">Latest</Badge> : null}
                  <Entry entry={e} level={3} />
                </div>
              ))}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
