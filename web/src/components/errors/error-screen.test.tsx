import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './error-boundary'
import { ErrorScreen } from './error-screen'

describe('ErrorScreen', () => {
  it('shows the spec texts and its two actions', async () => {
    const onReset = vi.fn()
    const onHome = vi.fn()
    render(<ErrorScreen error={new Error('x')} onReset={onReset} onHome={onHome} />)
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText(/The error has been logged and we'll look into it/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    await userEvent.click(screen.getByRole('button', { name: 'Go Home' }))
    expect(onReset).toHaveBeenCalledOnce()
    expect(onHome).toHaveBeenCalledOnce()
  })
})

describe('ErrorBoundary', () => {
  it('catches a render failure and can be reset', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let fail = true
    function Flaky() {
      if (fail) throw new Error('render failed')
      return <p>Recovered</p>
    }
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong')
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(screen.getByText('Recovered')).toBeInTheDocument()
  })
})
