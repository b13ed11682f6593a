import { Lightning } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { usePlan } from '../hooks/use-plan'

/** Shown to users who are not on a paid plan. */
export function UpgradeButton() {
  const { plan, isLoading } = usePlan()
  if (isLoading || plan !== 'free') return null
  return (
    <Button size="sm" asChild>
      {/* Named on narrow screens too, where only the icon shows. */}
      <Link to="/app/settings/billing#subscription" aria-label="Upgrade to Pro">
        <Lightning size={16} weight="fill" aria-hidden />
        <span className="hidden sm:inline">Upgrade</span>
      </Link>
    </Button>
  )
}
