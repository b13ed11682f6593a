import { Suspense, lazy, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useUser } from '@/lib/auth-store'

// The form and Radix's dialog load when a guest opens it: every signed-in
// page mounts the banner, so a static import put them in /app's first screen.
const KeepDataDialog = lazy(() => import('./keep-data-dialog'))

/**
 * Above every page of a guest (anonymous) session: the data lives only as
 * long as this browser keeps the session, so the banner offers to keep it
 * by adding an e-mail. Gone once the address is confirmed (is_anonymous
 * turns false in the refreshed session).
 */
export function GuestBanner() {
  const user = useUser()
  const [open, setOpen] = useState(false)
  if (!user?.is_anonymous) return null
  const pending = user.new_email
  return (
    <section
      aria-label="Guest account"
      className="sticky top-0 z-10 flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-amber-500/30 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="min-w-0 flex-1">
        {pending
          ? `Open the link we sent to ${pending} to keep your data.`
          : 'You are using Daybase as a guest. Add an e-mail to keep your data.'}
      </p>
      <Button size="sm" variant={pending ? 'outline' : 'default'} onClick={() => setOpen(true)}>
        {pending ? 'Use another e-mail' : 'Keep my data'}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <KeepDataDialog open onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </section>
  )
}
