import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from '@/lib/toast'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RecoveryDialog } from './recovery-dialog'

const validateBackupCode = vi.fn<(code: string) => Promise<boolean>>()
const submitSupportRequest = vi.fn()

vi.mock('../api/backup-codes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/backup-codes')>()),
  validateBackupCode: (code: string) => validateBackupCode(code),
}))
vi.mock('../api/support-request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/support-request')>()),
  submitSupportRequest: (r: unknown) => submitSupportRequest(r),
}))
vi.mock('../api/log-event', () => ({ log2faEvent: () => undefined }))

function setup() {
  const onRecovered = vi.fn()
  const onOpenChange = vi.fn()
  render(<RecoveryDialog open onOpenChange={onOpenChange} email="ada@example.com" userId="u1" onRecovered={onRecovered} />)
  return { onRecovered, onOpenChange }
}

beforeEach(() => {
  validateBackupCode.mockReset()
  submitSupportRequest.mockReset()
})

describe('RecoveryDialog', () => {
  it('rejects an invalid backup code with the spec text', async () => {
    validateBackupCode.mockResolvedValue(false)
    const error = vi.spyOn(toast, 'error')
    setup()
    await userEvent.click(screen.getByRole('button', { name: 'Use a backup code' }))
    const submit = screen.getByRole('button', { name: 'Verify backup code' })
    expect(submit).toBeDisabled()
    await userEvent.type(screen.getByLabelText('Backup code'), 'abcd efgh')
    await userEvent.click(submit)
    expect(validateBackupCode).toHaveBeenCalledWith('abcd-efgh')
    expect(error).toHaveBeenCalledWith('Invalid backup code', {
      description: 'This backup code is invalid or has already been used.',
    })
  })

  it('lets the user in 2 seconds after a valid backup code', async () => {
    validateBackupCode.mockResolvedValue(true)
    const { onRecovered, onOpenChange } = setup()
    await userEvent.click(screen.getByRole('button', { name: 'Use a backup code' }))
    await userEvent.type(screen.getByLabelText('Backup code'), 'abcd-efgh')
    vi.useFakeTimers()
    try {
      await act(async () => screen.getByRole('button', { name: 'Verify backup code' }).click())
      expect(screen.getByText(/Recovery successful/)).toBeInTheDocument()
      expect(onRecovered).not.toHaveBeenCalled()
      await act(async () => vi.advanceTimersByTime(2000))
      expect(onRecovered).toHaveBeenCalledTimes(1)
      expect(onOpenChange).toHaveBeenCalledWith(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks for both e-mail and message before contacting support', async () => {
    const error = vi.spyOn(toast, 'error')
    setup()
    await userEvent.click(screen.getByRole('button', { name: 'Contact support' }))
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect(error).toHaveBeenCalledWith('Missing information', {
      description: 'Please provide both your email and a detailed message',
    })
    expect(submitSupportRequest).not.toHaveBeenCalled()
    await userEvent.type(screen.getByLabelText('Message'), 'I lost my phone')
    submitSupportRequest.mockResolvedValue(undefined)
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect(submitSupportRequest).toHaveBeenCalledWith({ email: 'ada@example.com', message: 'I lost my phone', userId: 'u1' })
    expect(await screen.findByText(/We will contact you within 24-48 hours/)).toBeInTheDocument()
  })

  it("shows the server's refusal, and the generic text for other failures", async () => {
    const error = vi.spyOn(toast, 'error')
    const { SupportRequestError } = await import('../api/support-request')
    setup()
    await userEvent.click(screen.getByRole('button', { name: 'Contact support' }))
    await userEvent.type(screen.getByLabelText('Message'), 'I lost my phone')
    submitSupportRequest.mockRejectedValueOnce(
      new SupportRequestError('Too many requests', 'You have sent 3 support requests in the last hour. Please try again in 42 minutes.'),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect(error).toHaveBeenCalledWith('Too many requests', {
      description: 'You have sent 3 support requests in the last hour. Please try again in 42 minutes.',
    })
    submitSupportRequest.mockRejectedValueOnce(new Error('Failed to fetch'))
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }))
    expect(error).toHaveBeenCalledWith('Error submitting request', {
      description: 'Please try again or contact support directly.',
    })
  })
})
