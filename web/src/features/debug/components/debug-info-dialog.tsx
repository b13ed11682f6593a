import { useQueryClient } from '@tanstack/react-query'
import { Copy } from '@phosphor-icons/react'
import { useMemo } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useRequiredUser, useSession } from '@/lib/auth-store'
import { loadConfig } from '@/lib/config'
import { getDeviceId } from '@/lib/device'
import { decodeJwtPayload } from '@/lib/jwt'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { useDebugDialog } from '../stores/debug-store'

type Section = { title: string; rows: [string, string][] }

const text = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v))

/**
 * The debug information dialog (002 §6), for internal users: what support
 * asks for when something goes wrong — build, server, session, device and
 * what the app has cached — and a button that copies it all as JSON.
 * Tokens are never shown. extra: rows the app adds (the plan).
 */
export default function DebugInfoDialog({ extra = [] }: { extra?: [string, string][] }) {
  const open = useDebugDialog((s) => s.open)
  const setOpen = useDebugDialog((s) => s.setOpen)
  const user = useRequiredUser()
  const session = useSession()
  const queryClient = useQueryClient()

  const sections = useMemo<Section[]>(() => {
    if (!open) return []
    const claims = session ? (decodeJwtPayload(session.access_token) ?? {}) : {}
    const queries = queryClient.getQueryCache().getAll()
    const channels = supabase.getChannels()
    const sw = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null
    const expires = session?.expires_at ? new Date(session.expires_at * 1000) : null
    return [
      {
        title: 'App',
        rows: [
          ['Version', __APP_VERSION__],
          ['Newest changelog entry', __CHANGELOG_LATEST__],
          ['Mode', import.meta.env.MODE],
          ['Server', text(loadConfig()?.url)],
          ['Service worker', sw ? sw.state : 'not controlling this page'],
          ['Online', navigator.onLine ? 'yes' : 'no'],
          ...extra,
        ],
      },
      {
        title: 'Session',
        rows: [
          ['User id', user.id],
          ['E-mail', `${text(user.email)}${user.email_confirmed_at ? ' (confirmed)' : ''}`],
          ['Sign-in providers', text((user.app_metadata.providers as string[] | undefined)?.join(', ') ?? user.app_metadata.provider)],
          ['Assurance level', text(claims.aal)],
          ['Session id', text(claims.session_id)],
          ['Token expires', expires ? `${expires.toISOString()} (in ${Math.round((expires.getTime() - Date.now()) / 60_000)} min)` : '—'],
          ['Two-factor factors', String((user.factors ?? []).filter((f) => f.status === 'verified').length)],
        ],
      },
      {
        title: 'Device',
        rows: [
          ['Device id', getDeviceId()],
          ['Browser', navigator.userAgent],
          ['Language', navigator.language],
          ['Time zone', Intl.DateTimeFormat().resolvedOptions().timeZone],
          ['Screen', `${window.innerWidth} × ${window.innerHeight} at ${window.devicePixelRatio}×`],
          ['Colour scheme', document.documentElement.classList.contains('dark') ? 'dark' : 'light'],
        ],
      },
      {
        title: 'Data',
        rows: [
          ['Cached queries', String(queries.length)],
          ['Fetching now', String(queries.filter((q) => q.state.fetchStatus === 'fetching').length)],
          ['Failed queries', queries.filter((q) => q.state.status === 'error').map((q) => JSON.stringify(q.queryKey)).join(', ') || 'none'],
          ['Realtime channels', channels.length ? channels.map((c) => `${c.topic} (${c.state})`).join(', ') : 'none'],
        ],
      },
    ]
  }, [open, session, user, queryClient, extra])

  const copy = () => {
    const report = Object.fromEntries(sections.map((s) => [s.title, Object.fromEntries(s.rows)]))
    navigator.clipboard
      .writeText(JSON.stringify({ ...report, copiedAt: new Date().toISOString() }, null, 2))
      .then(() => toast.success('Debug information copied'))
      .catch(() => toast.error('Could not copy', { description: 'Select the text and copy it instead.' }))
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Debug information</DialogTitle>
          <DialogDescription>For support: what this app, session and device look like right now. No tokens are included.</DialogDescription>
        </DialogHeader>
        <div className="grid max-h-[60vh] gap-4 overflow-y-auto pr-1">
          {sections.map((s) => (
            <section key={s.title} aria-label={s.title} className="grid gap-1">
              <h3 className="text-sm font-semibold">{s.title}</h3>
              <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
                {s.rows.map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-muted-foreground">{k}</dt>
                    <dd className="font-mono text-xs break-all">{v}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
        <Button variant="outline" className="justify-self-start" onClick={copy}>
          <Copy size={16} aria-hidden /> Copy as JSON
        </Button>
      </DialogContent>
    </Dialog>
  )
}
