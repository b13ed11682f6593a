import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AuthForm } from './auth-form'

const signIn = vi.fn()
vi.mock('../api/sign-in', async (importOriginal) => {
  const { useMutation } = await import('@tanstack/react-query')
  return {
    ...(await importOriginal<typeof import('../api/sign-in')>()),
    useSignIn: () => useMutation({ mutationFn: (input: unknown) => signIn(input) }),
  }
})

function renderForm(path = '/auth') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AuthForm />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('AuthForm', () => {
  it('explains what is missing before calling the server', async () => {
    renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Enter your email address')).toBeInTheDocument()
    expect(screen.getByText('Enter your password')).toBeInTheDocument()
    expect(screen.getAllByLabelText('Email')[0]).toHaveAttribute('aria-invalid', 'true')
    expect(signIn).not.toHaveBeenCalled()
  })

  it('shows the server message when sign-in fails', async () => {
    signIn.mockRejectedValue(new Error('Invalid login credentials'))
    renderForm()
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials')
  })

  it('opens on the sign-up tab from ?mode=signup and offers both providers', () => {
    renderForm('/auth?mode=signup')
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeInTheDocument()
  })
})
