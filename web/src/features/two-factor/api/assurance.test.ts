import { beforeEach, describe, expect, it, vi } from 'vitest'
import { checkAssurance, requiredWithoutFactor } from './assurance'

const levels = vi.fn()
const listFactors = vi.fn()
const settings = vi.fn()

vi.mock('@/lib/supabase', () => ({
  supabase: { auth: { mfa: { getAuthenticatorAssuranceLevel: () => levels(), listFactors: () => listFactors() } } },
}))
vi.mock('./settings', () => ({ getTwoFactorSettings: () => settings() }))

const verified = { id: 'f1', factor_type: 'totp', status: 'verified' }

beforeEach(() => {
  levels.mockReset()
  listFactors.mockResolvedValue({ data: { all: [verified] }, error: null })
  settings.mockResolvedValue(null)
})

describe('checkAssurance', () => {
  it('asks for the second factor at aal1 when aal2 is possible', async () => {
    levels.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal2' }, error: null })
    expect(await checkAssurance()).toEqual({ kind: 'challenge', factorId: 'f1' })
  })

  it('lets an aal2 session through', async () => {
    levels.mockResolvedValue({ data: { currentLevel: 'aal2', nextLevel: 'aal2' }, error: null })
    expect(await checkAssurance()).toEqual({ kind: 'ok' })
  })

  it('waits for the session before deciding', async () => {
    levels
      .mockResolvedValueOnce({ data: { currentLevel: null, nextLevel: null }, error: null })
      .mockResolvedValue({ data: { currentLevel: 'aal2', nextLevel: 'aal2' }, error: null })
    expect(await checkAssurance()).toEqual({ kind: 'ok' })
    expect(levels).toHaveBeenCalledTimes(2)
  })

  it('without a verified factor leaves the last word to the settings, read apart', async () => {
    levels.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal1' }, error: null })
    expect(await checkAssurance()).toEqual({ kind: 'unless-required' })
    expect(settings).not.toHaveBeenCalled()
  })

  it('stops at a dead end when aal2 is next but no verified factor is listed', async () => {
    levels.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal2' }, error: null })
    listFactors.mockResolvedValue({ data: { all: [] }, error: null })
    expect(await checkAssurance()).toEqual({ kind: 'no-factor' })
  })
})

describe('requiredWithoutFactor', () => {
  it('is true when two-factor is on in the settings', async () => {
    settings.mockResolvedValue({ is_enabled: true, is_deleted: false })
    expect(await requiredWithoutFactor('u1')).toBe(true)
  })

  it('is false when it is off, deleted or the row is missing', async () => {
    settings.mockResolvedValue({ is_enabled: false, is_deleted: false })
    expect(await requiredWithoutFactor('u1')).toBe(false)
    settings.mockResolvedValue({ is_enabled: true, is_deleted: true })
    expect(await requiredWithoutFactor('u1')).toBe(false)
    settings.mockResolvedValue(null)
    expect(await requiredWithoutFactor('u1')).toBe(false)
  })

  it('does not lock the user out when the settings cannot be read', async () => {
    settings.mockRejectedValue(new Error('Failed to fetch'))
    expect(await requiredWithoutFactor('u1')).toBe(false)
  })
})
