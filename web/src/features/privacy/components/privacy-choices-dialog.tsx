import { useEffect, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { useUser } from '@/lib/auth-store'
import { useSavePrivacy } from '../api/save-privacy'
import { type ConsentChoices, currentChoices, useConsentStore } from '../stores/consent-store'

type Option = { key: keyof ConsentChoices; label: string; description: string }

const OPTIONS: Option[] = [
  { key: 'analytics', label: 'Analytics', description: 'Anonymous usage measurements that help us improve Daybase.' },
  { key: 'geolocation', label: 'Approximate location', description: 'Your region, for time zones and local formats.' },
  { key: 'marketing', label: 'Marketing', description: 'Product news and offers based on how you use Daybase.' },
  {
    key: 'saleShareOptOut',
    label: 'Do not sell or share my personal information',
    description: 'Opt out of any sale or sharing of personal information.',
  },
  {
    key: 'limitSensitiveUse',
    label: 'Limit the use of my sensitive personal information',
    description: 'Use sensitive information only to provide the service.',
  },
]

type Props = { open: boolean; onOpenChange: (open: boolean) => void }

/** The privacy choices dialog: stored locally, and on the server when signed in. */
export function PrivacyChoicesDialog({ open, onOpenChange }: Props) {
  const record = useConsentStore((s) => s.record)
  const gpc = useConsentStore((s) => s.gpc)
  const save = useConsentStore((s) => s.save)
  const user = useUser()
  const savePrivacy = useSavePrivacy()
  const [choices, setChoices] = useState<ConsentChoices>(() => currentChoices(record, gpc))
  const [result, setResult] = useState<'saved' | 'failed' | null>(null)

  useEffect(() => {
    if (open) {
      setChoices(currentChoices(useConsentStore.getState().record, gpc))
      setResult(null)
    }
  }, [open, gpc])

  const onSave = async () => {
    const stored = save(choices)
    if (!user) {
      setResult('saved')
      return
    }
    try {
      await savePrivacy.mutateAsync({ userId: user.id, choices: stored, gpc })
      setResult('saved')
    } catch {
      setResult('failed')
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Privacy choices</DialogTitle>
          <DialogDescription>Choose what Daybase may do with your data. Essential storage is always on.</DialogDescription>
        </DialogHeader>
        {gpc ? (
          <Alert>Global Privacy Control detected: selling and sharing of your data stays off.</Alert>
        ) : null}
        <div className="grid gap-4">
          {OPTIONS.map((o) => {
            const locked = o.key === 'saleShareOptOut' && gpc
            return (
              <div key={o.key} className="flex items-start justify-between gap-4">
                <div className="grid gap-0.5">
                  <Label htmlFor={`privacy-${o.key}`}>{o.label}</Label>
                  <p id={`privacy-${o.key}-hint`} className="text-xs text-muted-foreground">
                    {o.description}
                  </p>
                </div>
                <Switch
                  id={`privacy-${o.key}`}
                  aria-describedby={`privacy-${o.key}-hint`}
                  checked={choices[o.key]}
                  disabled={locked}
                  onCheckedChange={(value) => {
                    setResult(null)
                    setChoices((c) => ({ ...c, [o.key]: value }))
                  }}
                />
              </div>
            )
          })}
        </div>
        {result === 'saved' ? <Alert variant="success">Saved</Alert> : null}
        {result === 'failed' ? <Alert variant="destructive">Failed to save</Alert> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={() => void onSave()} disabled={savePrivacy.isPending}>
            Save choices
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
