import { BookOpen, ClockCounterClockwise, type Icon, NotePencil, Plus } from '@phosphor-icons/react'
import { type ReactNode, useMemo } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { useEntries } from '../api/get-entries'
import { useJournals } from '../api/get-journals'
import { useJournalUiStore } from '../stores/journal-ui-store'
import { journalIcon, journalSwatch, parseAppearance } from '../utils/appearance'
import { JournalMenu } from './journal-menu'

const rowClass =
  'flex h-9 min-w-0 flex-1 items-center gap-2.5 rounded-md px-2.5 text-sm text-sidebar-foreground/85 outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring'
const activeClass = 'bg-sidebar-accent font-medium text-sidebar-accent-foreground'

function Row({
  to,
  label,
  icon: IconComponent,
  count,
  active,
  color,
  onNavigate,
  trailing,
}: {
  to: string
  label: string
  icon: Icon
  count?: number | undefined
  active: boolean
  color?: string
  onNavigate?: (() => void) | undefined
  trailing?: ReactNode
}) {
  return (
    <div className="group flex items-center gap-0.5">
      <Link to={to} onClick={onNavigate} aria-current={active ? 'page' : undefined} className={cn(rowClass, active && activeClass)}>
        <IconComponent size={18} weight="duotone" aria-hidden style={color ? { color } : undefined} />
        <span className="truncate">{label}</span>
        {count !== undefined ? <span className="ml-auto text-xs text-muted-foreground tabular-nums">{count}</span> : null}
      </Link>
      {trailing}
    </div>
  )
}

/** The journal sidebar (002 §2): All Entries with a count, Recent, My Journals with their counts, Create Journal. */
export function JournalSidebar({ userId, onNavigate }: { userId: string; onNavigate?: (() => void) | undefined }) {
  const entries = useEntries(userId)
  const journals = useJournals(userId)
  const openJournalDialog = useJournalUiStore((s) => s.openJournalDialog)
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const current = params.get('journal')
  const counts = useMemo(() => {
    const m = new Map<string, number>()
    for (const e of entries.data ?? []) if (e.folder) m.set(e.folder, (m.get(e.folder) ?? 0) + 1)
    return m
  }, [entries.data])

  return (
    <nav aria-label="Journal" className="grid gap-1">
      <div className="flex items-center justify-between px-2.5 pt-1 pb-2">
        <p className="text-sm font-semibold">Journal</p>
        <Button variant="ghost" size="icon-sm" asChild>
          <Link
            to={current ? `/app/journal/new?journal=${encodeURIComponent(current)}` : '/app/journal/new'}
            onClick={onNavigate}
            aria-label="New entry"
            title="New entry"
          >
            <NotePencil size={18} aria-hidden />
          </Link>
        </Button>
      </div>
      <Row
        to="/app/journal"
        label="All Entries"
        icon={BookOpen}
        count={entries.data?.length}
        active={pathname === '/app/journal' && !current}
        onNavigate={onNavigate}
      />
      <Row to="/app/journal/recent" label="Recent" icon={ClockCounterClockwise} active={pathname === '/app/journal/recent'} onNavigate={onNavigate} />
      <section aria-labelledby="journal-list-heading" className="grid gap-0.5">
        <div className="flex items-center justify-between pt-3 pb-1 pl-2.5">
          <h2 id="journal-list-heading" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            My Journals
          </h2>
          <Button variant="ghost" size="sm" className="h-7 gap-1 px-2 text-xs" onClick={() => openJournalDialog({ mode: 'create' })}>
            <Plus size={14} aria-hidden /> Create Journal
          </Button>
        </div>
        {journals.isPending ? (
          <div aria-hidden className="grid gap-1">
            <div className="h-8 rounded-md bg-sidebar-accent/60" />
            <div className="h-8 rounded-md bg-sidebar-accent/60" />
          </div>
        ) : journals.data?.length === 0 ? (
          <p className="px-2.5 py-1 text-xs text-muted-foreground">No journals yet. A journal keeps entries on one theme together: gratitude, work, dreams.</p>
        ) : (
          <ul className="grid gap-0.5">
            {journals.data?.map((j) => {
              const look = parseAppearance(j.color)
              return (
                <li key={j.id}>
                  <Row
                    to={`/app/journal?journal=${encodeURIComponent(j.id)}`}
                    label={j.name}
                    icon={journalIcon(look.icon)}
                    color={journalSwatch(look.color)}
                    count={entries.data ? (counts.get(j.id) ?? 0) : undefined}
                    active={pathname === '/app/journal' && current === j.id}
                    onNavigate={onNavigate}
                    trailing={j.id.startsWith('pending-') ? null : <JournalMenu journal={j} label={`${j.name} journal actions`} reveal align="end" />}
                  />
                </li>
              )
            })}
          </ul>
        )}
      </section>
    </nav>
  )
}
