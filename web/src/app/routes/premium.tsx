import { PlansGrid } from '@/features/billing/components/plans-grid'

export default function Premium() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Plans</h1>
        <p className="text-muted-foreground">Start free. Upgrade when you need more room or a team.</p>
      </div>
      <PlansGrid />
    </div>
  )
}
