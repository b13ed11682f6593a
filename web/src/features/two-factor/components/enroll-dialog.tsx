import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { PageSpinner } from '@/components/ui/spinner'
import type { User } from '@supabase/supabase-js'
import { generateBackupCodes } from '../api/backup-codes'
import { type Enrollment, enrollTotp, formatSecret } from '../api/enroll'
import { twoFactorKeys } from '../api/keys'
import { markTwoFactorEnabled } from '../api/settings'
import { TwoFactorStepError, challengeAndVerify, isCompleteCode } from '../api/verify'
import { BackupCodesView } from './backup-codes-view'
import { CodeInput } from './code-input'

type Props = { user: User; open: boolean; onOpenChange: (open: boolean) => void }

/**
 * Enrolment (spec 000 §4 steps 1–3): QR code and secret, a 6-digit code,
 * then the backup codes, shown once.
 */
export function EnrollDialog({ user, open, onOpenChange }: Props) {
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [codes, setCodes] = useState<string[] | null>(null)

  const enroll = useMutation({
    mutationFn: enrollTotp,
    onError: (e) => {
      toast.error('Error starting 2FA enrollment', { description: e.message })
      onOpenChange(false)
    },
  })

  const verify = useMutation({
    mutationFn: async (enrollment: Enrollment) => {
      await challengeAndVerify(enrollment.factorId, code, 'enroll_verified')
      // The factor is verified from here on: two-factor is on whatever follows.
      toast.success('2FA enabled successfully!')
      await markTwoFactorEnabled(user.id).catch(() =>
        toast.error('Update failed', { description: 'Failed to save your changes. Please try again.' }),
      )
      try {
        return await generateBackupCodes(user.id)
      } catch (e) {
        toast.error('Error generating backup codes', { description: e instanceof Error ? e.message : undefined })
        return null
      }
    },
    onSuccess: (generated) => {
      setCodes(generated)
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all })
    },
    onError: (e) => {
      if (e instanceof TwoFactorStepError && e.step === 'challenge') {
        toast.error('Error creating 2FA challenge', { description: e.message })
      } else {
        toast.error('Error verifying 2FA code', { description: 'Invalid verification code' })
      }
    },
  })

  const { mutate: startEnroll, reset: resetEnroll } = enroll
  const { reset: resetVerify } = verify
  useEffect(() => {
    if (open) {
      setCode('')
      setCodes(null)
      resetVerify()
      startEnroll()
    } else {
      resetEnroll()
    }
  }, [open, startEnroll, resetEnroll, resetVerify])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (enroll.data && isCompleteCode(code)) verify.mutate(enroll.data)
  }

  const done = verify.isSuccess
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{done ? 'Save your backup codes' : 'Set up two-factor authentication'}</DialogTitle>
          <DialogDescription>
            {done
              ? 'Two-factor authentication is on. Keep these codes in case you lose your authenticator app.'
              : 'Scan the QR code with an authenticator app, or type the secret key, then enter the code it shows.'}
          </DialogDescription>
        </DialogHeader>
        {done ? (
          codes ? (
            <BackupCodesView codes={codes} email={user.email} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Backup codes could not be generated. You can generate them from the security settings.
            </p>
          )
        ) : enroll.data ? (
          <form id="enroll-form" onSubmit={onSubmit} className="grid gap-4">
            <img
              src={enroll.data.qrCode}
              alt="QR code for your authenticator app"
              className="mx-auto size-48 rounded-md bg-white p-2"
            />
            <div className="grid gap-1">
              <p id="totp-secret-label" className="text-sm font-medium">
                Secret key
              </p>
              <code
                aria-labelledby="totp-secret-label"
                className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all select-all"
              >
                {formatSecret(enroll.data.secret)}
              </code>
            </div>
            <CodeInput value={code} onValueChange={setCode} autoFocus />
          </form>
        ) : (
          <PageSpinner />
        )}
        <DialogFooter>
          {done ? (
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" form="enroll-form" disabled={!isCompleteCode(code) || verify.isPending || !enroll.data}>
                Verify and enable
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
