import { PlanComparison } from '@/features/billing/components/plan-comparison'
import { PlansGrid } from '@/features/billing/components/plans-grid'
import { DEFAULT_TEAM_SEATS, PRICES, annualSaving, formatPrice } from '@/features/billing/utils/plans'

const FAQ = [
  {
    q: 'What does Pro cost?',
    a: `${formatPrice(PRICES.pro.monthly.amount)} a month, or ${formatPrice(PRICES.pro.annual.amount)} a year — ${formatPrice(annualSaving('pro'))} less than twelve months.`,
  },
  {
    q: 'How is Team billed?',
    a: `Per seat: ${formatPrice(PRICES.team.monthly.amount)} a month or ${formatPrice(PRICES.team.annual.amount)} a year each, from ${DEFAULT_TEAM_SEATS} seats. A team's owner buys it from the team's settings.`,
  },
  { q: 'What happens when I reach a Free limit?', a: 'Nothing is lost. Daybase tells you which limit you reached and you can upgrade or tidy up.' },
  { q: 'Can I cancel?', a: 'Yes, at any time from Settings → Billing. You keep Pro until the end of the period you paid for.' },
] as const

export default function Premium() {
  return (
    <div className="mx-auto grid max-w-6xl gap-14 px-4 py-12 md:py-16">
      <div className="grid max-w-2xl gap-3">
        <h1 className="text-4xl font-bold tracking-tight">Plans</h1>
        <p className="text-lg text-muted-foreground">Start free. Upgrade when you need more room or a team.</p>
      </div>
      <PlansGrid />
      <section aria-labelledby="compare-title" className="grid gap-4">
        <h2 id="compare-title" className="text-2xl font-semibold tracking-tight">
          Compare plans
        </h2>
        <PlanComparison />
      </section>
      <section aria-labelledby="faq-title" className="grid gap-4">
        <h2 id="faq-title" className="text-2xl font-semibold tracking-tight">
          Questions
        </h2>
        <dl className="grid gap-4 md:grid-cols-2">
          {FAQ.map((f) => (
            <div key={f.q} className="rounded-xl border p-5">
              <dt className="font-medium">{f.q}</dt>
              <dd className="mt-1 text-sm text-muted-foreground">{f.a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  )
}
