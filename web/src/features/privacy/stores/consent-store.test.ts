import { afterEach, describe, expect, it } from 'vitest'
import {
  CONSENT_EVENT,
  CONSENT_STORAGE_KEY,
  DEFAULT_CHOICES,
  applyGpc,
  createConsentStore,
  currentChoices,
  detectGpc,
  readConsent,
} from './consent-store'

function setGpc(value: boolean | undefined) {
  Object.defineProperty(navigator, 'globalPrivacyControl', { value, configurable: true })
}

afterEach(() => setGpc(undefined))

describe('readConsent', () => {
  it('counts a record of another version as absent', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ ...DEFAULT_CHOICES, version: 2, timestamp: 'x' }))
    expect(readConsent(localStorage)).toBeNull()
  })

  it('ignores unreadable records', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, '{not json')
    expect(readConsent(localStorage)).toBeNull()
  })
})

describe('consent store', () => {
  it('starts without a record, so the banner shows', () => {
    expect(createConsentStore().getState().record).toBeNull()
  })

  it('stores reject non-essential as analytics, location and marketing off and sale opt-out on', () => {
    const store = createConsentStore()
    const record = store.getState().rejectNonEssential()
    expect(record).toMatchObject({
      version: 1,
      analytics: false,
      geolocation: false,
      marketing: false,
      saleShareOptOut: true,
      limitSensitiveUse: true,
    })
    expect(readConsent(localStorage)).toEqual(record)
  })

  it('stores accept selected as analytics and location on, marketing off, and broadcasts it', () => {
    const store = createConsentStore()
    let heard: unknown = null
    const listener = (e: Event) => (heard = (e as CustomEvent).detail)
    window.addEventListener(CONSENT_EVENT, listener)
    const record = store.getState().acceptSelected()
    window.removeEventListener(CONSENT_EVENT, listener)
    expect(record).toMatchObject({ analytics: true, geolocation: true, marketing: false, saleShareOptOut: false })
    expect(heard).toEqual(record)
  })

  it('switches the sale opt-out on when Global Privacy Control is present', () => {
    setGpc(true)
    expect(detectGpc()).toBe(true)
    const store = createConsentStore()
    expect(store.getState().acceptSelected().saleShareOptOut).toBe(true)
    expect(store.getState().save({ ...DEFAULT_CHOICES, saleShareOptOut: false }).saleShareOptOut).toBe(true)
  })

  it('updates an older record when a GPC signal appears', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ version: 1, timestamp: 't', ...DEFAULT_CHOICES }))
    setGpc(true)
    expect(createConsentStore().getState().record?.saleShareOptOut).toBe(true)
    expect(readConsent(localStorage)?.saleShareOptOut).toBe(true)
  })
})

describe('currentChoices', () => {
  it('shows the defaults with GPC applied when nothing is stored', () => {
    expect(currentChoices(null, false)).toEqual(DEFAULT_CHOICES)
    expect(currentChoices(null, true)).toEqual(applyGpc(DEFAULT_CHOICES, true))
  })
})
