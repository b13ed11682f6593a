import { Lightning } from '@phosphor-icons/react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { usePaywallStore } from '../stores/paywall-store'
import { PRO_FEATURES } from '../utils/plans'

/** Opens when the server refuses a write because of a Free plan cap. */
export function PaywallDialog() {
  const open = usePaywallStore((s) => s.open)
  const message = usePaywallStore((s) => s.message)
  const close = usePaywallStore((s) => s.close)
  const navigate = useNavigate()

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <span className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Lightning size={22} weight="duotone" aria-hidden />
          </span>
          <DialogTitle>Upgrade to keep going</DialogTitle>
          <DialogDescription>{message ?? 'You have reached a limit of the Free plan.'}</DialogDescription>
        </DialogHeader>
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          {PRO_FEATURES.slice(0, 4).map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Not now
          </Button>
          <Button
            onClick={() => {
              close()
              navigate('/app/settings/billing#subscription')
            }}
          >
            See plans
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
