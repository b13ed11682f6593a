import { ShieldCheck } from '@phosphor-icons/react'
import { Button } from '@/components/ui/button'
import { useUser } from '@/lib/auth-store'
import { useHydrating } from '@/lib/prerender'
import { savePrivacyPreference } from '../api/save-privacy'
import { type ConsentRecord, useConsentStore } from '../stores/consent-store'

/**
 * Shown while no consent record (of version 1) is stored. Prerendered pages
 * carry it as a first visit sees it (data-prerendered: index.html's script
 * hides that copy when a choice is stored); hydration renders the same, then
 * the stored state.
 */
export function ConsentBanner() {
  const hydrating = useHydrating()
  const stored = useConsentStore((s) => s.record)
  const browserGpc = useConsentStore((s) => s.gpc)
  const record = hydrating ? null : stored
  const gpc = hydrating ? false : browserGpc
  const reject = useConsentStore((s) => s.rejectNonEssential)
  const accept = useConsentStore((s) => s.acceptSelected)
  const openDialog = useConsentStore((s) => s.setDialogOpen)
  const user = useUser()

  if (record) return null

  const sync = (stored: ConsentRecord) => {
    // Best effort: the local record is what counts; the dialog reports server failures.
    if (user) void savePrivacyPreference(user.id, stored, gpc).catch(() => undefined)
  }

  return (
    <section
      aria-labelledby="consent-title"
      data-print-hide
      data-prerendered={hydrating ? '' : undefined}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg md:inset-x-6"
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <ShieldCheck size={28} weight="duotone" className="hidden shrink-0 text-primary md:block" aria-hidden />
        <div className="grid flex-1 gap-1">
          <h2 id="consent-title" className="text-sm font-semibold">
            Your privacy choices
          </h2>
          <p className="text-sm text-muted-foreground">
            Daybase uses essential storage to keep you signed in. With your consent it also uses analytics and
            approximate location. Marketing stays off unless you turn it on.
            {gpc ? ' Your browser sends Global Privacy Control, so we do not sell or share your data.' : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 md:flex-nowrap">
          <Button variant="ghost" size="sm" onClick={() => openDialog(true)}>
            Customize
          </Button>
          <Button variant="outline" size="sm" onClick={() => sync(reject())}>
            Reject non-essential
          </Button>
          <Button size="sm" onClick={() => sync(accept())}>
            Accept selected
          </Button>
        </div>
      </div>
    </section>
  )
}
