import type { User } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { isInternalUser } from './internal'

const user = (over: Partial<User>): User =>
  ({ id: 'u', aud: 'authenticated', created_at: '', app_metadata: {}, user_metadata: {}, ...over }) as User

describe('who sees the debug information', () => {
  it('is a user the server flagged internal, dev or admin', () => {
    expect(isInternalUser(user({ app_metadata: { internal: true } }))).toBe(true)
    expect(isInternalUser(user({ app_metadata: { dev: true } }))).toBe(true)
    expect(isInternalUser(user({ app_metadata: { admin: true } }))).toBe(true)
    expect(isInternalUser(user({ app_metadata: { provider: 'email' } }))).toBe(false)
  })

  it('is an admin the operator named (daybase admin grant)', () => {
    expect(isInternalUser(user({ app_metadata: { daybase_admin: true } }))).toBe(true)
    expect(isInternalUser(user({ app_metadata: { daybase_admin: 'yes' } }))).toBe(false)
  })

  it('is not a user who flagged themselves (user_metadata is theirs to write)', () => {
    expect(isInternalUser(user({ user_metadata: { admin: true, internal: true } }))).toBe(false)
  })

  it('is a confirmed address of the operator’s domain', () => {
    expect(isInternalUser(user({ email: 'Sam@Daybase.local', email_confirmed_at: '2026-11-26T00:00:00Z' }))).toBe(true)
    expect(isInternalUser(user({ email: 'sam@daybase.local' }))).toBe(false)
    expect(isInternalUser(user({ email: 'sam@daybase.local.example.com', email_confirmed_at: '2026-11-26T00:00:00Z' }))).toBe(false)
    expect(isInternalUser(null)).toBe(false)
  })
})
