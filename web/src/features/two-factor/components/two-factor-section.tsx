import { ShieldCheck, ShieldSlash } from '@phosphor-icons/react'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useRequiredUser } from '@/lib/auth-store'
import { generateBackupCodes } from '../api/backup-codes'
import { useFactors } from '../api/factors'
import { useTwoFactorSettings } from '../api/settings'
import { BackupCodesView } from './backup-codes-view'
import { DisableDialog } from './disable-dialog'
import { EnrollDialog } from './enroll-dialog'
import { SecurityKeys } from './security-keys'

/** Settings → Security: two-factor status, enrolment, backup codes and disabling. */
export function TwoFactorSection() {
  const user = useRequiredUser()
  const factors = useFactors(user.id)
  const settings = useTwoFactorSettings(user.id)
  const [enrollOpen, setEnrollOpen] = useState(false)
  const [disableOpen, setDisableOpen] = useState(false)

  const regenerate = useMutation({
    mutationFn: () => generateBackupCodes(user.id),
    onError: (e) => toast.error('Error generating backup codes', { description: e.message }),
  })

  useEffect(() => {
    if (factors.isError) toast.error('Error loading 2FA factors', { description: factors.error.message })
  }, [factors.isError, factors.error])
  useEffect(() => {
    if (settings.isError) toast.error('Error loading 2FA settings', { description: settings.error.message })
  }, [settings.isError, settings.error])

  if (factors.isPending) return <Spinner label="Loading two-factor settings" />

  const totp = factors.data?.verified.length ?? 0
  const keys = factors.data?.keys ?? []
  const enabled = totp + keys.length > 0
  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3">
        {enabled ? (
          <ShieldCheck size={28} weight="duotone" className="text-emerald-600" aria-hidden />
        ) : (
          <ShieldSlash size={28} weight="duotone" className="text-muted-foreground" aria-hidden />
        )}
        <div className="grid gap-1">
          <p className="flex items-center gap-2 text-sm font-medium">
            Two-factor authentication
            <Badge variant={enabled ? 'success' : 'secondary'}>{enabled ? 'On' : 'Off'}</Badge>
          </p>
          <p className="text-sm text-muted-foreground">
            {!enabled
              ? 'Add a second step to signing in: a code from an authenticator app, or a security key.'
              : keys.length === 0
                ? 'Signing in needs a code from your authenticator app, or one of your backup codes.'
                : totp === 0
                  ? 'Signing in needs your security key, or one of your backup codes.'
                  : 'Signing in needs your authenticator app or a security key, or one of your backup codes.'}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {enabled ? (
          <>
            {totp === 0 ? (
              <Button variant="outline" onClick={() => setEnrollOpen(true)}>
                Add authenticator app
              </Button>
            ) : null}
            <Button variant="outline" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
              Generate new backup codes
            </Button>
            <Button variant="destructive" onClick={() => setDisableOpen(true)}>
              Disable 2FA
            </Button>
          </>
        ) : (
          <Button onClick={() => setEnrollOpen(true)}>Enable 2FA</Button>
        )}
      </div>
      <SecurityKeys user={user} keys={keys} enabled={enabled} otherFactors={totp} />
      <EnrollDialog user={user} open={enrollOpen} onOpenChange={setEnrollOpen} />
      <DisableDialog open={disableOpen} onOpenChange={setDisableOpen} />
      <Dialog open={!!regenerate.data} onOpenChange={(open) => (open ? undefined : regenerate.reset())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>New backup codes</DialogTitle>
            <DialogDescription>Your previous backup codes no longer work.</DialogDescription>
          </DialogHeader>
          {regenerate.data ? <BackupCodesView codes={regenerate.data} email={user.email} /> : null}
          <DialogFooter>
            <Button onClick={() => regenerate.reset()}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}
