import { GithubLogo, Plugs, SlackLogo } from '@phosphor-icons/react'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { type AuditEntry, useAuditLog } from '../api/audit-log'

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

const PROVIDERS: Record<string, string> = { slack: 'Slack', github: 'GitHub' }

function meta(e: AuditEntry, key: string): string | null {
  const m = e.metadata
  if (!m || typeof m !== 'object' || Array.isArray(m)) return null
  const v = m[key]
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null
}

/** One log entry in words. */
export function describeEntry(e: AuditEntry): string {
  const provider = PROVIDERS[e.provider_key] ?? e.provider_key
  switch (e.action) {
    case 'connect':
      return `Connected ${provider}`
    case 'disconnect':
      return `Disconnected ${provider}`
    case 'update':
      return `Changed the ${provider} settings`
    case 'test_message':
      return `Sent a test message${meta(e, 'channel') ? ` to ${meta(e, 'channel')}` : ''}`
    case 'notify_task_created':
      return `Posted a new task${meta(e, 'channel') ? ` to ${meta(e, 'channel')}` : ''}`
    case 'create_issue':
      return `Created issue ${meta(e, 'repo') ?? ''}#${meta(e, 'number') ?? '?'}`
    default:
      return `${provider}: ${e.action.replace(/_/g, ' ')}`
  }
}

function Icon({ provider }: { provider: string }) {
  if (provider === 'slack') return <SlackLogo size={16} aria-hidden />
  if (provider === 'github') return <GithubLogo size={16} aria-hidden />
  return <Plugs size={16} aria-hidden />
}

/** What the integrations did and who changed them (integration_audit_logs), newest first. */
export function AuditLogList() {
  const user = useRequiredUser()
  const log = useAuditLog(user.id)
  if (log.isPending) {
    return (
      <div className="grid gap-2">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-8" />
        ))}
      </div>
    )
  }
  if (!log.data?.length) return <p className="text-sm text-muted-foreground">Nothing yet. What your integrations do shows here.</p>
  return (
    <ol aria-label="Integration activity" className="grid divide-y rounded-lg border">
      {log.data.map((e) => {
        const url = meta(e, 'url')
        return (
          <li key={e.id} className="flex items-center gap-3 px-3 py-2 text-sm">
            <Icon provider={e.provider_key} />
            <span className="min-w-0 flex-1 truncate">
              {url ? (
                <a href={url} target="_blank" rel="noreferrer" className="underline-offset-4 hover:underline">
                  {describeEntry(e)}
                </a>
              ) : (
                describeEntry(e)
              )}
            </span>
            <time dateTime={e.created_at} className="text-xs text-muted-foreground tabular-nums">
              {when.format(new Date(e.created_at))}
            </time>
          </li>
        )
      })}
    </ol>
  )
}
