import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useRequiredUser } from '@/lib/auth-store'
import { usePortal } from '../api/billing-redirect'
import { useBillingProvider } from '../api/get-billing-config'
import { usePlan } from '../hooks/use-plan'
import { PlansGrid } from './plans-grid'

const PLAN_NAMES = { free: 'Free', pro: 'Pro', team: 'Team' } as const

/** Settings → Billing: the current plan, the billing portal and the plans. */
export function SubscriptionSection() {
  const user = useRequiredUser()
  const { plan } = usePlan()
  const portal = usePortal()
  const notSetUp = useBillingProvider(true).data === 'none'
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm">
          Current plan: <Badge variant={plan === 'free' ? 'secondary' : 'default'}>{PLAN_NAMES[plan]}</Badge>
        </p>
        {plan !== 'free' && notSetUp ? (
          <p className="text-sm text-muted-foreground">Assigned by the server's operator.</p>
        ) : plan !== 'free' ? (
          <Button variant="outline" size="sm" disabled={portal.isPending} onClick={() => portal.mutate({ userId: user.id, email: user.email })}>
            Manage billing
          </Button>
        ) : null}
      </div>
      {portal.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Unable to open billing portal</AlertTitle>
          <AlertDescription>{portal.error.message}</AlertDescription>
        </Alert>
      ) : null}
      <PlansGrid />
    </div>
  )
}
