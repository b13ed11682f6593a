import { Check } from '@phosphor-icons/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { useUser } from '@/lib/auth-store'
import { useCheckout } from '../api/billing-redirect'
import { useBillingProvider } from '../api/get-billing-config'
import { usePlan } from '../hooks/use-plan'
import {
  type BillingInterval,
  DEFAULT_TEAM_SEATS,
  FREE_FEATURES,
  PRICES,
  PRO_FEATURES,
  TEAM_FEATURES,
  annualSaving,
  formatPrice,
} from '../utils/plans'

function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-1.5 text-sm">
      {items.map((f) => (
        <li key={f} className="flex items-start gap-2">
          <Check size={16} className="mt-0.5 text-primary" aria-hidden />
          {f}
        </li>
      ))}
    </ul>
  )
}

/** Free, Pro and Team side by side; Pro checks out through billing-checkout. */
export function PlansGrid() {
  const user = useUser()
  const { plan } = usePlan()
  const [interval, setInterval] = useState<BillingInterval>('monthly')
  const checkout = useCheckout()
  const notSetUp = useBillingProvider(!!user).data === 'none'
  const pro = PRICES.pro[interval]
  const team = PRICES.team[interval]
  const per = interval === 'monthly' ? 'month' : 'year'

  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3">
        <Switch
          id="billing-annual"
          checked={interval === 'annual'}
          onCheckedChange={(annual) => setInterval(annual ? 'annual' : 'monthly')}
        />
        <Label htmlFor="billing-annual">Pay yearly (save {formatPrice(annualSaving('pro'))} on Pro)</Label>
      </div>
      {notSetUp ? (
        <Alert>
          <AlertTitle>Billing is not set up</AlertTitle>
          <AlertDescription>
            This server takes no payments. Plans are assigned by its operator: ask them to put your account on Pro.
          </AlertDescription>
        </Alert>
      ) : null}
      {checkout.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Unable to start checkout</AlertTitle>
          <AlertDescription>
            {checkout.error.message}. Check that the billing price ids and secrets are configured on the server.
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Free</CardTitle>
            <CardDescription>{formatPrice(0)} forever</CardDescription>
          </CardHeader>
          <CardContent>
            <FeatureList items={FREE_FEATURES} />
          </CardContent>
          <CardFooter>{plan === 'free' && user ? <Badge variant="secondary">Current plan</Badge> : null}</CardFooter>
        </Card>
        <Card className="border-primary">
          <CardHeader>
            <CardTitle>Pro</CardTitle>
            <CardDescription>
              {formatPrice(pro.amount)} per {per}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <FeatureList items={PRO_FEATURES} />
          </CardContent>
          <CardFooter>
            {plan === 'pro' && user ? (
              <Badge>Current plan</Badge>
            ) : user && notSetUp ? (
              <Button disabled>Billing is not set up</Button>
            ) : user ? (
              <Button
                disabled={checkout.isPending}
                onClick={() => checkout.mutate({ priceId: pro.priceId, userId: user.id, customerEmail: user.email })}
              >
                Upgrade to Pro
              </Button>
            ) : (
              <Button asChild>
                <Link to="/auth?mode=signup&redirect=/app/settings/billing">Get Pro</Link>
              </Button>
            )}
          </CardFooter>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Team</CardTitle>
            <CardDescription>
              {formatPrice(team.amount)} per seat per {per}, from {DEFAULT_TEAM_SEATS} seats
            </CardDescription>
          </CardHeader>
          <CardContent>
            <FeatureList items={TEAM_FEATURES} />
          </CardContent>
          <CardFooter>
            {plan === 'team' && user ? (
              <Badge>Current plan</Badge>
            ) : (
              <Button variant="outline" asChild>
                <Link to={user ? '/app/teams/create' : '/auth?mode=signup&redirect=/app/teams/create'}>Create a team</Link>
              </Button>
            )}
          </CardFooter>
        </Card>
      </div>
    </div>
  )
}
