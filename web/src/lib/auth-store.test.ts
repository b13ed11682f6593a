import type { Session } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it } from 'vitest'
import { sameSession, useAuthStore } from './auth-store'

const session = (token: string, name = 'Ada') =>
  ({ access_token: token, refresh_token: `r-${token}`, user: { id: 'u1', email: 'a@b.co', user_metadata: { full_name: name } } }) as unknown as Session

describe('auth store', () => {
  beforeEach(() => useAuthStore.setState({ status: 'loading', session: null, user: null }))

  it('keeps its objects when supabase-js reports the same session again as a new object', () => {
    const first = session('t1')
    useAuthStore.getState().setSession(first)
    useAuthStore.getState().setSession(session('t1'))
    expect(useAuthStore.getState().session).toBe(first)
    expect(useAuthStore.getState().user).toBe(first.user)
  })

  it('takes a refreshed token or changed user data', () => {
    useAuthStore.getState().setSession(session('t1'))
    const refreshed = session('t2')
    useAuthStore.getState().setSession(refreshed)
    expect(useAuthStore.getState().session).toBe(refreshed)
    const renamed = session('t2', 'Grace')
    useAuthStore.getState().setSession(renamed)
    expect(useAuthStore.getState().user).toBe(renamed.user)
  })

  it('leaves loading for signed out, and signs out', () => {
    useAuthStore.getState().setSession(null)
    expect(useAuthStore.getState().status).toBe('signedOut')
    useAuthStore.getState().setSession(session('t1'))
    useAuthStore.getState().setSession(null)
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', session: null, user: null })
  })

  it('sameSession compares tokens and user data', () => {
    expect(sameSession(null, null)).toBe(true)
    expect(sameSession(session('t1'), null)).toBe(false)
    expect(sameSession(session('t1'), session('t1'))).toBe(true)
    expect(sameSession(session('t1'), session('t2'))).toBe(false)
    expect(sameSession(session('t1'), session('t1', 'Grace'))).toBe(false)
  })
})
