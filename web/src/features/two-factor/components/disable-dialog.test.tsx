import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from '@/lib/toast'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RequestError } from '@/lib/errors'
import { DisableDialog } from './disable-dialog'

const disableTwoFactor = vi.fn()
const challengeAndVerify = vi.fn()

vi.mock('../api/disable', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/disable')>()),
  disableTwoFactor: (password?: string) => disableTwoFactor(password),
}))
vi.mock('../api/verify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/verify')>()),
  challengeAndVerify: (...args: unknown[]) => challengeAndVerify(...args),
}))
vi.mock('../api/factors', () => ({
  listTotpFactors: () => Promise.resolve({ all: [{ id: 'f1' }], verified: [{ id: 'f1' }] }),
}))

function renderDialog() {
  const onOpenChange = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DisableDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  )
  return { onOpenChange }
}

beforeEach(() => {
  disableTwoFactor.mockReset()
  challengeAndVerify.mockReset()
})

describe('DisableDialog', () => {
  it('turns two-factor off with the password', async () => {
    disableTwoFactor.mockResolvedValue(undefined)
    const success = vi.spyOn(toast, 'success')
    const { onOpenChange } = renderDialog()
    await userEvent.type(screen.getByLabelText('Current password'), 'secret-pw')
    await userEvent.click(screen.getByRole('button', { name: 'Disable 2FA' }))
    expect(disableTwoFactor).toHaveBeenCalledWith('secret-pw')
    expect(success).toHaveBeenCalledWith('2FA disabled')
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('asks for a code when the password re-check fails, then disables with it', async () => {
    disableTwoFactor.mockRejectedValueOnce(new RequestError('invalid password', '28P01', 400)).mockResolvedValueOnce(undefined)
    challengeAndVerify.mockResolvedValue(undefined)
    const error = vi.spyOn(toast, 'error')
    renderDialog()
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Disable 2FA' }))
    expect(error).toHaveBeenCalledWith('Password re-authentication failed. Please use your 2FA code to disable.')
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Disable 2FA' }))
    expect(challengeAndVerify).toHaveBeenCalledWith('f1', '123456', 'challenge_verified')
    expect(disableTwoFactor).toHaveBeenLastCalledWith(undefined)
  })

  it('asks for a code when the session is not at aal2', async () => {
    disableTwoFactor.mockRejectedValue(new RequestError('needs aal2', '42501', 403))
    renderDialog()
    await userEvent.type(screen.getByLabelText('Current password'), 'secret-pw')
    await userEvent.click(screen.getByRole('button', { name: 'Disable 2FA' }))
    expect(await screen.findByText(/not verified with your authenticator/)).toBeInTheDocument()
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument()
  })
})
