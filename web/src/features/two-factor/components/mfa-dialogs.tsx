/** The sign-in challenge and the 'contact support' dead end, loaded only when the gate needs them. */
import { Key } from '@phosphor-icons/react'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useCallback, useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useSession } from '@/lib/auth-store'
import { errorMessage } from '@/lib/errors'
import { completeRecovery } from '../api/backup-codes'
import { verifyWithSecurityKey } from '../api/security-keys'
import { TwoFactorStepError, challengeAndVerify, isCompleteCode } from '../api/verify'
import { CodeInput } from './code-input'
import { RecoveryDialog } from './recovery-dialog'

const keepOpen = (e: Event) => e.preventDefault()

type ChallengeProps = {
  /** The authenticator app's factor, or the key's when there is no app. */
  factorId: string
  /** A verified security key, when the account has one. */
  keyId?: string
  onSignOut: () => void
}

export function ChallengeDialog({ factorId, keyId, onSignOut }: ChallengeProps) {
  const session = useSession()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [recoveryOpen, setRecoveryOpen] = useState(false)

  // Without an authenticator app the key is the only way (besides a backup code).
  const keyOnly = keyId !== undefined && keyId === factorId

  const onKey = async () => {
    if (!keyId) return
    setBusy(true)
    try {
      if (await verifyWithSecurityKey(keyId)) {
        void queryClient.invalidateQueries()
        toast.success('Verification successful')
      }
    } catch (err) {
      toast.error('Security key not accepted', { description: errorMessage(err) })
    } finally {
      setBusy(false)
    }
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!isCompleteCode(code)) return
    setBusy(true)
    try {
      await challengeAndVerify(factorId, code, 'challenge_verified')
      // Whatever was read before (a route's prefetch at aal1) saw no rows:
      // the server shows a two-factor user's data only at aal2.
      void queryClient.invalidateQueries()
      toast.success('Verification successful')
    } catch (err) {
      setCode('')
      if (err instanceof TwoFactorStepError && err.step === 'challenge') {
        toast.error('Error creating 2FA challenge', { description: err.message })
      } else {
        toast.error('Invalid verification code', { description: 'Please check your authenticator app and try again.' })
      }
    } finally {
      setBusy(false)
    }
  }

  // The backup code's recovery grant turns into an aal2 session on refresh;
  // the new token is checked again and lets the user in.
  const onRecovered = useCallback(() => {
    completeRecovery()
      .catch((err: unknown) => toast.error('Error verifying backup code', { description: errorMessage(err) }))
      .finally(() => void queryClient.invalidateQueries())
  }, [queryClient])

  return (
    <>
      <Dialog open={!recoveryOpen}>
        <DialogContent hideClose onEscapeKeyDown={keepOpen} onInteractOutside={keepOpen}>
          <DialogHeader>
            <DialogTitle>Two-factor verification</DialogTitle>
            <DialogDescription>
              {keyOnly
                ? 'Use your security key to finish signing in.'
                : keyId
                  ? 'Enter the 6-digit code from your authenticator app, or use your security key, to finish signing in.'
                  : 'Enter the 6-digit code from your authenticator app to finish signing in.'}
            </DialogDescription>
          </DialogHeader>
          {keyId ? (
            <Button variant={keyOnly ? 'default' : 'outline'} disabled={busy} onClick={() => void onKey()} autoFocus={keyOnly}>
              <Key aria-hidden />
              {busy ? 'Waiting for your key…' : 'Use security key'}
            </Button>
          ) : null}
          {keyOnly ? null : (
            <form id="mfa-challenge-form" onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
              <CodeInput value={code} onValueChange={setCode} autoFocus />
            </form>
          )}
          <DialogFooter className="sm:justify-between">
            <div className="flex gap-2">
              <Button variant="ghost" onClick={() => setRecoveryOpen(true)}>
                Use a backup code
              </Button>
              <Button variant="ghost" onClick={onSignOut}>
                Sign out
              </Button>
            </div>
            {keyOnly ? null : (
              <Button type="submit" form="mfa-challenge-form" disabled={!isCompleteCode(code) || busy}>
                Verify
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <RecoveryDialog
        open={recoveryOpen}
        onOpenChange={setRecoveryOpen}
        email={session?.user.email}
        userId={session?.user.id}
        onRecovered={onRecovered}
      />
    </>
  )
}

export function RequiredDialog({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Dialog open>
      <DialogContent hideClose onEscapeKeyDown={keepOpen} onInteractOutside={keepOpen}>
        <DialogHeader>
          <DialogTitle>Two-factor authentication required</DialogTitle>
          <DialogDescription>
            This account requires two-factor authentication, but no authenticator is set up. Please contact support to
            restore access.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onSignOut}>Sign out</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

