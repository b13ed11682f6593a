import { ChatCircleText, Key } from '@phosphor-icons/react'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { normalizeBackupCode, validateBackupCode } from '../api/backup-codes'
import { log2faEvent } from '../api/log-event'
import { SupportRequestError, submitSupportRequest, validateSupportRequest } from '../api/support-request'

export type RecoveryStep = 'select' | 'backup-code' | 'support' | 'success'

/** Recovery closes 2 s after success, a support request 3 s after it is sent (spec 000 §4). */
export const RECOVERY_CLOSE_MS = 2000
export const SUPPORT_CLOSE_MS = 3000

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  email: string | undefined
  userId: string | undefined
  /** A backup code was accepted: let the user in. */
  onRecovered: () => void
}

export function RecoveryDialog({ open, onOpenChange, email, userId, onRecovered }: Props) {
  const [step, setStep] = useState<RecoveryStep>('select')
  const [outcome, setOutcome] = useState<'recovered' | 'support' | null>(null)
  const [code, setCode] = useState('')
  const [supportEmail, setSupportEmail] = useState(email ?? '')
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (open) {
      setStep('select')
      setOutcome(null)
      setCode('')
      setMessage('')
      setSupportEmail(email ?? '')
    }
  }, [open, email])

  useEffect(() => {
    if (step !== 'success' || !outcome) return
    const timer = setTimeout(
      () => {
        onOpenChange(false)
        if (outcome === 'recovered') onRecovered()
      },
      outcome === 'recovered' ? RECOVERY_CLOSE_MS : SUPPORT_CLOSE_MS,
    )
    return () => clearTimeout(timer)
  }, [step, outcome, onOpenChange, onRecovered])

  const onBackupCode = async (e: FormEvent) => {
    e.preventDefault()
    const normalized = normalizeBackupCode(code)
    if (!normalized) return
    setBusy(true)
    try {
      const valid = await validateBackupCode(normalized)
      log2faEvent({ event_type: valid ? 'backup_code_used' : 'backup_code_failed', success: valid })
      if (!valid) {
        toast.error('Invalid backup code', { description: 'This backup code is invalid or has already been used.' })
        return
      }
      toast.success('Backup code accepted')
      toast.success('Recovery successful')
      setOutcome('recovered')
      setStep('success')
    } catch (err) {
      toast.error('Error verifying backup code', { description: err instanceof Error ? err.message : undefined })
    } finally {
      setBusy(false)
    }
  }

  const onSupport = async (e: FormEvent) => {
    e.preventDefault()
    const missing = validateSupportRequest(supportEmail, message)
    if (missing) {
      toast.error('Missing information', { description: missing })
      return
    }
    setBusy(true)
    try {
      await submitSupportRequest({ email: supportEmail, message, userId })
      toast.success('Support request submitted', { description: 'We will contact you within 24-48 hours.' })
      setOutcome('support')
      setStep('success')
    } catch (err) {
      // The server's own refusal (e.g. too many requests in an hour) says what to do.
      if (err instanceof SupportRequestError) toast.error(err.title, { description: err.message })
      else toast.error('Error submitting request', { description: 'Please try again or contact support directly.' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Recover your account</DialogTitle>
          <DialogDescription>
            {step === 'select' && 'Choose how to get back into your account.'}
            {step === 'backup-code' && 'Enter one of the backup codes you saved when you turned on two-factor authentication.'}
            {step === 'support' && 'Tell us how to reach you. Recovery by support may take 24-48 hours.'}
            {step === 'success' && (outcome === 'recovered' ? 'You are signed in.' : 'Your request has been sent.')}
          </DialogDescription>
        </DialogHeader>

        {step === 'select' ? (
          <div className="grid gap-2">
            <Button variant="outline" className="h-auto justify-start py-3" onClick={() => setStep('backup-code')}>
              <Key size={20} weight="duotone" aria-hidden />
              Use a backup code
            </Button>
            <Button variant="outline" className="h-auto justify-start py-3" onClick={() => setStep('support')}>
              <ChatCircleText size={20} weight="duotone" aria-hidden />
              Contact support
            </Button>
          </div>
        ) : null}

        {step === 'backup-code' ? (
          <form id="backup-code-form" onSubmit={(e) => void onBackupCode(e)} className="grid gap-4">
            <Field label="Backup code" hint="Format xxxx-xxxx; the dash is optional.">
              {(p) => (
                <Input
                  {...p}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  placeholder="xxxx-xxxx"
                  autoComplete="off"
                  autoFocus
                  className="font-mono"
                />
              )}
            </Field>
          </form>
        ) : null}

        {step === 'support' ? (
          <form id="support-form" noValidate onSubmit={(e) => void onSupport(e)} className="grid gap-4">
            <Field label="Contact email">
              {(p) => (
                <Input {...p} type="email" value={supportEmail} onChange={(e) => setSupportEmail(e.target.value)} />
              )}
            </Field>
            <Field label="Message">
              {(p) => (
                <Textarea
                  {...p}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  placeholder="What happened to your authenticator and backup codes?"
                />
              )}
            </Field>
          </form>
        ) : null}

        {step === 'success' ? (
          <Alert variant="success">
            {outcome === 'recovered'
              ? 'Recovery successful. Set up two-factor authentication again from Settings → Security.'
              : 'Support request submitted. We will contact you within 24-48 hours.'}
          </Alert>
        ) : null}

        {step === 'backup-code' || step === 'support' ? (
          <DialogFooter>
            <Button variant="outline" onClick={() => setStep('select')}>
              Back
            </Button>
            {step === 'backup-code' ? (
              <Button type="submit" form="backup-code-form" disabled={busy || !normalizeBackupCode(code)}>
                Verify backup code
              </Button>
            ) : (
              <Button type="submit" form="support-form" disabled={busy}>
                Send request
              </Button>
            )}
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
