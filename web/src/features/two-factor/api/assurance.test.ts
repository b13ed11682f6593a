import { beforeEach, describe, expect, it, vi } from 'vitest'
import { checkAssurance } from './assurance'

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
    expect(await checkAssurance('u1')).toEqual({ kind: 'challenge', factorId: 'f1' })
  })

  it('lets an aal2 session through', async () => {
    levels.mockResolvedValue({ data: { currentLevel: 'aal2', nextLevel: 'aal2' }, error: null })
    expect(await checkAssurance('u1')).toEqual({ kind: 'ok' })
  })

  it('waits for the session before deciding', async () => {
    levels
      .mockResolvedValueOnce({ data: { currentLevel: null, nextLevel: null }, error: null })
      .mockResolvedValue({ data: { currentLevel: 'aal2', nextLevel: 'aal2' }, error: null })
    expect(await checkAssurance('u1')).toEqual({ kind: 'ok' })
    expect(levels).toHaveBeenCalledTimes(2)
  })

  it('stops at a dead end when two-factor is on but no authenticator is left', async () => {
    levels.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal1' }, error: null })
    settings.mockResolvedValue({ is_enabled: true, is_deleted: false })
    expect(await checkAssurance('u1')).toEqual({ kind: 'no-factor' })
  })

  it('does not lock the user out when the settings cannot be read', async () => {
    levels.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal1' }, error: null })
    settings.mockRejectedValue(new Error('Failed to fetch'))
    expect(await checkAssurance('u1')).toEqual({ kind: 'ok' })
  })
})
