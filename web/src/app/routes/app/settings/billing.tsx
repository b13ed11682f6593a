import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { SubscriptionSection } from '@/features/billing/components/subscription-section'
import { SettingsPage, SettingsSection } from './settings-section'

export default function SettingsBilling() {
  const [params] = useSearchParams()
  const checkout = params.get('checkout')
  return (
    <SettingsPage title="Billing">
      {checkout === 'success' ? <Alert variant="success">Thank you! Your plan is being activated.</Alert> : null}
      {checkout === 'cancelled' ? <Alert>Checkout was cancelled; nothing was charged.</Alert> : null}
      <SettingsSection id="subscription" title="Subscription" description="Your plan and its limits.">
        <SubscriptionSection />
      </SettingsSection>
    </SettingsPage>
  )
}
