import { describe, expect, it } from 'vitest'
import { isAdmin } from './auth-store'

describe('isAdmin', () => {
  it('is true only for app_metadata.daybase_admin === true', () => {
    expect(isAdmin({ app_metadata: { daybase_admin: true } })).toBe(true)
    expect(isAdmin({ app_metadata: { daybase_admin: 'true' } })).toBe(false)
    expect(isAdmin({ app_metadata: {} })).toBe(false)
    expect(isAdmin(null)).toBe(false)
  })

  it('ignores user_metadata, which users write themselves', () => {
    const user = { app_metadata: {}, user_metadata: { daybase_admin: true } }
    expect(isAdmin(user)).toBe(false)
  })
})
