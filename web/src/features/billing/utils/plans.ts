export type Plan = 'free' | 'pro' | 'team'
export type BillingInterval = 'monthly' | 'annual'

/** Subscription statuses that grant the plan (spec 000 §4). */
export const ACTIVE_STATUSES = ['active', 'trialing', 'past_due'] as const

export type SubscriptionLike = { status: string; plan_id: string | null }

function isActive(s: SubscriptionLike): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(s.status)
}

/**
 * free, pro or team: team when an active subscription's plan_id contains
 * 'team', pro for any other active subscription. A local override wins.
 */
export function derivePlan(subscriptions: readonly SubscriptionLike[], override: Plan | null = null): Plan {
  if (override) return override
  const active = subscriptions.filter(isActive)
  if (active.some((s) => (s.plan_id ?? '').toLowerCase().includes('team'))) return 'team'
  return active.length > 0 ? 'pro' : 'free'
}

export const UNLIMITED = Number.POSITIVE_INFINITY

/**
 * Plan caps (spec 000 §9). Caps the spec leaves open for Pro and Team are
 * unlimited; the server enforces the same numbers.
 */
export const PLAN_CAPS = {
  free: {
    projects: 10,
    tasksTotal: 500,
    tasksPerProject: 100,
    subtasksPerTask: 20,
    notesTotal: 100,
    journalMonthly: 30,
    tagsTotal: 50,
    smartFilters: 2,
    attachmentsPerDay: 1,
    attachmentMaxMB: 10,
    storageTotalMB: 100,
    remindersPerTask: 1,
    collaboratorsPerProject: 5,
    historyMonths: 0,
    calendarSync: false,
  },
  pro: {
    projects: UNLIMITED,
    tasksTotal: UNLIMITED,
    tasksPerProject: UNLIMITED,
    subtasksPerTask: UNLIMITED,
    notesTotal: UNLIMITED,
    journalMonthly: UNLIMITED,
    tagsTotal: UNLIMITED,
    smartFilters: UNLIMITED,
    attachmentsPerDay: UNLIMITED,
    attachmentMaxMB: 100,
    storageTotalMB: 10_000,
    remindersPerTask: UNLIMITED,
    collaboratorsPerProject: 25,
    historyMonths: 12,
    calendarSync: true,
  },
  team: {
    projects: UNLIMITED,
    tasksTotal: UNLIMITED,
    tasksPerProject: UNLIMITED,
    subtasksPerTask: UNLIMITED,
    notesTotal: UNLIMITED,
    journalMonthly: UNLIMITED,
    tagsTotal: UNLIMITED,
    smartFilters: UNLIMITED,
    attachmentsPerDay: UNLIMITED,
    attachmentMaxMB: 100,
    storageTotalMB: 100_000,
    remindersPerTask: UNLIMITED,
    collaboratorsPerProject: 100,
    historyMonths: 24,
    calendarSync: true,
  },
} as const satisfies Record<Plan, Record<string, number | boolean>>

/**
 * One price model: the plans dialog's (Pro 6.99 a month or 59.99 a year,
 * Team 9.99 a seat a month or 96 a seat a year). The upgrade dialog's 9.99
 * and 48 are not used; its "save" figure is derived from these prices.
 */
export const PRICES = {
  pro: { monthly: { amount: 6.99, priceId: 'pro_monthly' }, annual: { amount: 59.99, priceId: 'pro_annual' } },
  team: { monthly: { amount: 9.99, priceId: 'team_monthly' }, annual: { amount: 96, priceId: 'team_annual' } },
} as const

/** Team checkout's default seat count (spec 000 §7). */
export const DEFAULT_TEAM_SEATS = 5

/** What a year of monthly payments costs beyond the annual price. */
export function annualSaving(plan: 'pro' | 'team'): number {
  const p = PRICES[plan]
  return Math.round((p.monthly.amount * 12 - p.annual.amount) * 100) / 100
}

export const PRO_FEATURES = [
  'Custom reminders and durations',
  'Calendar layout',
  'Unlimited projects',
  'Advanced filters',
  'Unlimited activity history',
  'AI assistant',
  'Themes and auto backups',
  'Priority support',
] as const

export const TEAM_FEATURES = ['Everything in Pro', 'Team workspace', 'Roles and permissions', 'Priority support'] as const

export const FREE_FEATURES = [
  '500 tasks, 10 projects',
  '100 notes, 30 journal entries a month',
  '2 smart filters, 50 tags',
  '100 MB of storage',
] as const

export function formatPrice(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount)
}
