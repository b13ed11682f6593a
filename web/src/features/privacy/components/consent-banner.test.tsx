import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { CONSENT_STORAGE_KEY, readConsent, useConsentStore } from '../stores/consent-store'
import { ConsentBanner } from './consent-banner'
import { PrivacyChoicesDialog } from './privacy-choices-dialog'

function renderWithClient(ui: React.ReactElement) {
  return render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>)
}

beforeEach(() => {
  useConsentStore.setState({ record: null, gpc: false, dialogOpen: false })
})

describe('ConsentBanner', () => {
  it('shows until a choice is stored, then goes away', async () => {
    renderWithClient(<ConsentBanner />)
    expect(screen.getByRole('region', { name: 'Your privacy choices' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Reject non-essential' }))
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).not.toBeInTheDocument()
    expect(readConsent(localStorage)).toMatchObject({ analytics: false, saleShareOptOut: true })
  })

  it('opens the privacy choices from Customize', async () => {
    renderWithClient(<ConsentBanner />)
    await userEvent.click(screen.getByRole('button', { name: 'Customize' }))
    expect(useConsentStore.getState().dialogOpen).toBe(true)
  })
})

describe('PrivacyChoicesDialog', () => {
  it('saves the switches locally when signed out and says Saved', async () => {
    renderWithClient(<PrivacyChoicesDialog open onOpenChange={() => undefined} />)
    await userEvent.click(screen.getByRole('switch', { name: 'Marketing' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save choices' }))
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}')).toMatchObject({ marketing: true, limitSensitiveUse: true })
  })

  it('locks the sale opt-out on under Global Privacy Control', () => {
    useConsentStore.setState({ gpc: true })
    renderWithClient(<PrivacyChoicesDialog open onOpenChange={() => undefined} />)
    const optOut = screen.getByRole('switch', { name: 'Do not sell or share my personal information' })
    expect(optOut).toBeChecked()
    expect(optOut).toBeDisabled()
    expect(screen.getByText(/Global Privacy Control detected/)).toBeInTheDocument()
  })
})
