import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { RequestError, errorMessage } from '@/lib/errors'
import { NEEDS_AAL2, WRONG_PASSWORD, disableTwoFactor } from '../api/disable'
import { listTotpFactors } from '../api/factors'
import { twoFactorKeys } from '../api/keys'
import { TwoFactorStepError, challengeAndVerify, isCompleteCode } from '../api/verify'
import { CodeInput } from './code-input'

type Props = { open: boolean; onOpenChange: (open: boolean) => void }
type Mode = 'password' | 'code'

function codeOf(e: unknown): string | undefined {
  return e instanceof RequestError ? e.code : undefined
}

/**
 * Turning two-factor off needs the password, re-checked by the server, or —
 * when that fails or the session is not at aal2 — a fresh code (spec 000 §4).
 */
export function DisableDialog({ open, onOpenChange }: Props) {
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<Mode>('password')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [note, setNote] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (open) {
      setMode('password')
      setPassword('')
      setCode('')
      setNote(null)
    }
  }, [open])

  const done = () => {
    toast.success('2FA disabled')
    onOpenChange(false)
    void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all })
  }

  const withPassword = async () => {
    try {
      await disableTwoFactor(password)
      done()
    } catch (e) {
      if (codeOf(e) === WRONG_PASSWORD) {
        toast.error('Password re-authentication failed. Please use your 2FA code to disable.')
        setMode('code')
      } else if (codeOf(e) === NEEDS_AAL2) {
        setNote('This session was not verified with your authenticator. Enter a code from it to continue.')
        setMode('code')
      } else {
        throw e
      }
    }
  }

  const withCode = async () => {
    const factor = (await listTotpFactors()).verified[0]
    if (!factor) {
      toast.error('No active 2FA factor found.')
      return
    }
    try {
      await challengeAndVerify(factor.id, code, 'challenge_verified')
    } catch (e) {
      setCode('')
      if (e instanceof TwoFactorStepError && e.step === 'challenge') toast.error('Failed to create verification challenge.')
      else toast.error('Invalid verification code', { description: 'Please check your authenticator app and try again.' })
      return
    }
    await disableTwoFactor()
    done()
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    const run = mode === 'password' ? withPassword : withCode
    run()
      .catch((err: unknown) => toast.error('Error disabling 2FA', { description: errorMessage(err) }))
      .finally(() => setBusy(false))
  }

  const ready = mode === 'password' ? password.length > 0 : isCompleteCode(code)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Disable two-factor authentication</DialogTitle>
          <DialogDescription>
            {mode === 'password'
              ? 'Confirm your password to turn off two-factor authentication.'
              : 'Enter a code from your authenticator app to turn off two-factor authentication.'}
          </DialogDescription>
        </DialogHeader>
        <form id="disable-2fa-form" onSubmit={onSubmit} className="grid gap-4">
          {note ? <Alert>{note}</Alert> : null}
          {mode === 'password' ? (
            <Field label="Current password">
              {(p) => (
                <Input
                  {...p}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoFocus
                />
              )}
            </Field>
          ) : (
            <CodeInput value={code} onValueChange={setCode} autoFocus />
          )}
        </form>
        <DialogFooter>
          {mode === 'password' ? (
            <Button variant="ghost" onClick={() => setMode('code')}>
              Use a 2FA code instead
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="disable-2fa-form" variant="destructive" disabled={!ready || busy}>
            Disable 2FA
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
