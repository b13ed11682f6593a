import type { User } from '@supabase/supabase-js'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from '@/lib/toast'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { EnrollDialog } from './enroll-dialog'

const enrollTotp = vi.fn()
const challengeAndVerify = vi.fn()
const generateBackupCodes = vi.fn()
const markTwoFactorEnabled = vi.fn()

vi.mock('../api/enroll', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/enroll')>()),
  enrollTotp: () => enrollTotp(),
}))
vi.mock('../api/verify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/verify')>()),
  challengeAndVerify: (...args: unknown[]) => challengeAndVerify(...args),
}))
vi.mock('../api/backup-codes', () => ({ generateBackupCodes: (id: string) => generateBackupCodes(id) }))
vi.mock('../api/settings', () => ({ markTwoFactorEnabled: (id: string) => markTwoFactorEnabled(id) }))

const user = { id: 'u1', email: 'ada@example.com' } as User

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EnrollDialog user={user} open onOpenChange={() => undefined} />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  enrollTotp.mockResolvedValue({
    factorId: 'f1',
    qrCode: 'data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E',
    secret: 'JBSWY3DPEHPK3PXP',
    uri: 'otpauth://totp/x',
  })
  challengeAndVerify.mockReset()
  generateBackupCodes.mockReset()
  markTwoFactorEnabled.mockResolvedValue(undefined)
})

describe('EnrollDialog', () => {
  it('shows the QR code and the secret, and verifies only a 6-digit code', async () => {
    renderDialog()
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E',
    )
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument()
    const verify = screen.getByRole('button', { name: 'Verify and enable' })
    const input = screen.getByLabelText('Verification code')
    await userEvent.type(input, '12a34')
    expect(input).toHaveValue('1234')
    expect(verify).toBeDisabled()
    await userEvent.type(input, '56')
    expect(verify).toBeEnabled()
  })

  it('enables 2FA and shows the backup codes once', async () => {
    challengeAndVerify.mockResolvedValue(undefined)
    generateBackupCodes.mockResolvedValue(['abcd-efgh', 'jkmn-pqrs'])
    const success = vi.spyOn(toast, 'success')
    renderDialog()
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }))
    expect(await screen.findByRole('list', { name: 'Backup codes' })).toHaveTextContent('abcd-efgh')
    expect(challengeAndVerify).toHaveBeenCalledWith('f1', '123456', 'enroll_verified')
    expect(markTwoFactorEnabled).toHaveBeenCalledWith('u1')
    expect(success).toHaveBeenCalledWith('2FA enabled successfully!')
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeInTheDocument()
  })

  it('says the code was wrong when verification fails', async () => {
    const { TwoFactorStepError } = await import('../api/verify')
    challengeAndVerify.mockRejectedValue(new TwoFactorStepError('verify', 'Invalid TOTP code entered'))
    const error = vi.spyOn(toast, 'error')
    renderDialog()
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000')
    await userEvent.click(screen.getByRole('button', { name: 'Verify and enable' }))
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Error verifying 2FA code', { description: 'Invalid verification code' }),
    )
  })
})
