import { describe, expect, it } from 'vitest'
import { usePaywallStore } from '../stores/paywall-store'
import { PLAN_CAPS, annualSaving, derivePlan } from './plans'

describe('derivePlan', () => {
  it('is free without an active subscription', () => {
    expect(derivePlan([])).toBe('free')
    expect(derivePlan([{ status: 'canceled', plan_id: 'pro_monthly' }])).toBe('free')
  })

  it('is pro or team for active, trialing and past_due subscriptions', () => {
    expect(derivePlan([{ status: 'trialing', plan_id: 'pro_monthly' }])).toBe('pro')
    expect(derivePlan([{ status: 'past_due', plan_id: 'Team_annual' }])).toBe('team')
    expect(derivePlan([{ status: 'active', plan_id: 'pro' }, { status: 'active', plan_id: 'team' }])).toBe('team')
  })

  it('lets the local override win', () => {
    expect(derivePlan([], 'pro')).toBe('pro')
  })
})

describe('plan numbers', () => {
  it('keeps the Free caps of spec 000 §9', () => {
    expect(PLAN_CAPS.free).toMatchObject({ projects: 10, tasksTotal: 500, notesTotal: 100, journalMonthly: 30, smartFilters: 2 })
  })

  it('derives the yearly saving from the prices', () => {
    expect(annualSaving('pro')).toBe(23.89)
  })
})

describe('paywall store', () => {
  it('opens with the server message and closes', () => {
    usePaywallStore.getState().show('Task limit reached for Free plan')
    expect(usePaywallStore.getState()).toMatchObject({ open: true, message: 'Task limit reached for Free plan' })
    usePaywallStore.getState().close()
    expect(usePaywallStore.getState().open).toBe(false)
  })
})
