import { type FormEvent, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { validateEmail, validatePassword } from '../api/credentials'
import { useKeepGuestData } from '../api/guest'
import { type CredentialErrors, NewCredentialsFields } from './new-credentials-fields'

/** The guest banner's form (loaded when opened: guest-banner.tsx). */
export default function KeepDataDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
