import { type FormEvent, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useUser } from '@/lib/auth-store'
import { validateEmail, validatePassword } from '../api/credentials'
import { useKeepGuestData } from '../api/guest'
import { type CredentialErrors, NewCredentialsFields } from './new-credentials-fields'

function KeepDataDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const keep = useKeepGuestData()
  const [errors, setErrors] = useState<CredentialErrors>({})
  const [serverError, setServerError] = useState<string | null>(null)

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const email = String(form.get('email') ?? '')
    const password = String(form.get('password') ?? '')
    const next = { email: validateEmail(email), password: validatePassword(password) }
    setErrors(next)
    setServerError(null)
    if (next.email || next.password) return
    keep.mutate({ email, password }, { onSuccess: () => onOpenChange(false), onError: (err) => setServerError(err.message) })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keep your data</DialogTitle>
          <DialogDescription>
            Add an e-mail and a password. Everything you made as a guest stays in this account once you confirm the
            address from the link we send.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Keep your data">
          <NewCredentialsFields errors={errors} />
          {serverError ? <Alert variant="destructive">{serverError}</Alert> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Not now
            </Button>
            <Button type="submit" disabled={keep.isPending}>
              {keep.isPending ? 'Sending…' : 'Send confirmation link'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

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
      {open ? <KeepDataDialog open onOpenChange={setOpen} /> : null}
    </section>
  )
}
