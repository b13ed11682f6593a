import { create } from 'zustand'

/** The local consent record of spec 000 §3. */
export type ConsentRecord = {
  version: 1
  timestamp: string
  analytics: boolean
  geolocation: boolean
  marketing: boolean
  saleShareOptOut: boolean
  limitSensitiveUse: boolean
}

export type ConsentChoices = Omit<ConsentRecord, 'version' | 'timestamp'>

export const CONSENT_STORAGE_KEY = 'daybase.consent'
export const CONSENT_VERSION = 1
/** Fired on window after every stored change; listeners re-read the record. */
export const CONSENT_EVENT = 'consent-updated'

/** All off except limitSensitiveUse (spec 000 §3). */
export const DEFAULT_CHOICES: ConsentChoices = {
  analytics: false,
  geolocation: false,
  marketing: false,
  saleShareOptOut: false,
  limitSensitiveUse: true,
}

type GpcNavigator = Navigator & { globalPrivacyControl?: boolean }

/** Global Privacy Control: the browser asks sites not to sell or share data. */
export function detectGpc(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  return (nav as GpcNavigator | undefined)?.globalPrivacyControl === true
}

function isBool(v: unknown): v is boolean {
  return typeof v === 'boolean'
}

/** The stored record, or null when absent, unreadable or of another version. */
export function readConsent(storage: Storage): ConsentRecord | null {
  try {
    const raw = storage.getItem(CONSENT_STORAGE_KEY)
    if (!raw) return null
    const v = JSON.parse(raw) as Partial<ConsentRecord>
    if (v.version !== CONSENT_VERSION) return null
    if (![v.analytics, v.geolocation, v.marketing, v.saleShareOptOut, v.limitSensitiveUse].every(isBool)) return null
    return v as ConsentRecord
  } catch {
    return null
  }
}

/** With GPC present, saleShareOptOut is always on. */
export function applyGpc(choices: ConsentChoices, gpc: boolean): ConsentChoices {
  return gpc ? { ...choices, saleShareOptOut: true } : choices
}

type ConsentState = {
  record: ConsentRecord | null
  gpc: boolean
  /** The privacy choices dialog opened from a menu (the route has its own). */
  dialogOpen: boolean
  /** Stores choices (GPC applied) and returns the stored record. */
  save: (choices: ConsentChoices) => ConsentRecord
  rejectNonEssential: () => ConsentRecord
  acceptSelected: () => ConsentRecord
  setDialogOpen: (open: boolean) => void
}

function persist(choices: ConsentChoices, gpc: boolean): ConsentRecord {
  const record: ConsentRecord = {
    version: CONSENT_VERSION,
    timestamp: new Date().toISOString(),
    ...applyGpc(choices, gpc),
  }
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record))
  } catch {
    // The choice still holds for this page view.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: record }))
  return record
}

function initialRecord(gpc: boolean): ConsentRecord | null {
  if (typeof localStorage === 'undefined') return null
  const record = readConsent(localStorage)
  // A GPC signal switches the opt-out on in an older record too.
  if (record && gpc && !record.saleShareOptOut) return persist(record, gpc)
  return record
}

export function createConsentStore() {
  const gpc = detectGpc()
  return create<ConsentState>()((set, get) => ({
    record: initialRecord(gpc),
    gpc,
    dialogOpen: false,
    save: (choices) => {
      const record = persist(choices, get().gpc)
      set({ record })
      return record
    },
    rejectNonEssential: () =>
      get().save({
        ...(get().record ?? DEFAULT_CHOICES),
        analytics: false,
        geolocation: false,
        marketing: false,
        saleShareOptOut: true,
      }),
    acceptSelected: () =>
      get().save({
        ...(get().record ?? DEFAULT_CHOICES),
        analytics: true,
        geolocation: true,
        marketing: false,
      }),
    setDialogOpen: (dialogOpen) => set({ dialogOpen }),
  }))
}

export const useConsentStore = createConsentStore()

/** The choices to show: the stored ones, or the defaults with GPC applied. */
export function currentChoices(record: ConsentRecord | null, gpc: boolean): ConsentChoices {
  const { version: _v, timestamp: _t, ...choices } = record ?? { version: 1, timestamp: '', ...DEFAULT_CHOICES }
  return applyGpc(choices, gpc)
}
