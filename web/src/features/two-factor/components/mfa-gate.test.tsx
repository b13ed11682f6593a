import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import type { Session } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import type { Assurance } from '../api/assurance'
import { MfaGate } from './mfa-gate'

const checkAssurance = vi.fn<() => Promise<Assurance>>()
const requiredWithoutFactor = vi.fn<(userId: string) => Promise<boolean>>()
vi.mock('../api/assurance', () => ({
  checkAssurance: () => checkAssurance(),
  requiredWithoutFactor: (id: string) => requiredWithoutFactor(id),
}))

function renderGate() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MfaGate onSignOut={() => undefined}>
        <p>The app</p>
      </MfaGate>
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  checkAssurance.mockReset()
  requiredWithoutFactor.mockReset()
  useAuthStore.getState().setSession({ access_token: 't1', user: { id: 'u1', email: 'a@b.co' } } as Session)
})

/**
 * Renders the gate for a session without a verified factor, the settings
 * row still being read; the app is on screen. Returns the row's answer.
 */
async function renderWithoutVerifiedFactor(): Promise<(required: boolean) => void> {
  checkAssurance.mockResolvedValue({ kind: 'unless-required' })
  let answer: (required: boolean) => void = () => undefined
  requiredWithoutFactor.mockReturnValue(new Promise((r) => (answer = r)))
  renderGate()
  expect(await screen.findByText('The app')).toBeInTheDocument()
  return (required) => answer(required)
}

const jwt = (claims: Record<string, unknown>) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`

describe('MfaGate', () => {
  it("opens the app in its first render from the session's own aal2 token, asking supabase-js nothing", () => {
    useAuthStore.getState().setSession({ access_token: jwt({ aal: 'aal2', session_id: 's9' }), user: { id: 'u1' } } as Session)
    renderGate()
    expect(screen.getByText('The app')).toBeInTheDocument()
    expect(checkAssurance).not.toHaveBeenCalled()
  })

  it('at aal1 without a verified factor, opens at once and reads only the settings row', async () => {
    requiredWithoutFactor.mockResolvedValue(false)
    useAuthStore.getState().setSession({ access_token: jwt({ aal: 'aal1', session_id: 's8' }), user: { id: 'u1', factors: [] } } as unknown as Session)
    renderGate()
    expect(screen.getByText('The app')).toBeInTheDocument()
    await act(async () => undefined)
    expect(requiredWithoutFactor).toHaveBeenCalledWith('u1')
    expect(checkAssurance).not.toHaveBeenCalled()
  })

  it('at aal1 with a verified factor, asks supabase-js (the challenge needs the factor)', async () => {
    checkAssurance.mockResolvedValue({ kind: 'challenge', factorId: 'f1' })
    const factors = [{ id: 'f1', status: 'verified', factor_type: 'totp' }]
    useAuthStore.getState().setSession({ access_token: jwt({ aal: 'aal1', session_id: 's7' }), user: { id: 'u1', factors } } as unknown as Session)
    renderGate()
    expect(await screen.findByRole('dialog', { name: 'Two-factor verification' })).toBeInTheDocument()
    expect(checkAssurance).toHaveBeenCalled()
    expect(screen.queryByText('The app')).not.toBeInTheDocument()
  })

  it('shows the app when the session has the level it needs', async () => {
    checkAssurance.mockResolvedValue({ kind: 'ok' })
    renderGate()
    expect(await screen.findByText('The app')).toBeInTheDocument()
    expect(checkAssurance).toHaveBeenCalled()
    expect(requiredWithoutFactor).not.toHaveBeenCalled()
  })

  it('without a verified factor opens the app while the settings are read', async () => {
    const answer = await renderWithoutVerifiedFactor()
    expect(requiredWithoutFactor).toHaveBeenCalledWith('u1')
    await act(async () => answer(false))
    expect(screen.getByText('The app')).toBeInTheDocument()
  })

  it('replaces the app with the required dialog when the settings say two-factor is on', async () => {
    const answer = await renderWithoutVerifiedFactor()
    await act(async () => answer(true))
    expect(await screen.findByRole('dialog', { name: 'Two-factor authentication required' })).toBeInTheDocument()
    expect(screen.queryByText('The app')).not.toBeInTheDocument()
  })

  it('asks for the code instead of showing the app at aal1 with a verified factor', async () => {
    checkAssurance.mockResolvedValue({ kind: 'challenge', factorId: 'f1' })
    renderGate()
    expect(await screen.findByRole('dialog', { name: 'Two-factor verification' })).toBeInTheDocument()
    expect(screen.queryByText('The app')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled()
  })

  it('says when two-factor is required but no authenticator exists', async () => {
    checkAssurance.mockResolvedValue({ kind: 'no-factor' })
    renderGate()
    expect(await screen.findByRole('dialog', { name: 'Two-factor authentication required' })).toBeInTheDocument()
  })

  it('keeps the answer across a refresh of the same sign-in, never for another sign-in', async () => {
    const token = (sessionId: string, n: number) =>
      `h.${btoa(JSON.stringify({ session_id: sessionId, n })).replace(/=+$/, '')}.s`
    const signIn = (t: string) =>
      act(() => useAuthStore.getState().setSession({ access_token: t, user: { id: 'u1', email: 'a@b.co' } } as Session))
    checkAssurance.mockResolvedValue({ kind: 'ok' })
    signIn(token('s1', 1))
    renderGate()
    expect(await screen.findByText('The app')).toBeInTheDocument()

    // A refreshed token of the same sign-in: the app stays while it is checked.
    let finish: (a: Assurance) => void = () => undefined
    checkAssurance.mockReturnValue(new Promise((r) => (finish = r)))
    signIn(token('s1', 2))
    expect(screen.getByText('The app')).toBeInTheDocument()
    await act(async () => finish({ kind: 'ok' }))

    // A new sign-in (another session id) waits for its own check.
    checkAssurance.mockReturnValue(new Promise((r) => (finish = r)))
    signIn(token('s2', 1))
    expect(screen.queryByText('The app')).not.toBeInTheDocument()
    await act(async () => finish({ kind: 'challenge', factorId: 'f1' }))
    expect(await screen.findByRole('dialog', { name: 'Two-factor verification' })).toBeInTheDocument()
  })
})
