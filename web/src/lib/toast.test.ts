import { beforeEach, describe, expect, it, vi } from 'vitest'

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }))
vi.mock('sonner', () => ({ toast: sonner }))

// A fresh module per test: the "requested" flag and the ready promise are module state.
async function load() {
  vi.resetModules()
  return import('./toast')
}

describe('toast', () => {
  beforeEach(() => {
    sonner.success.mockReset()
    sonner.error.mockReset()
    sonner.dismiss.mockReset()
  })

  it('asks for the toaster on the first toast and shows it once the toaster is mounted', async () => {
    const { toast, toastsRequested, subscribeToToastRequests, toasterMounted } = await load()
    const listener = vi.fn()
    subscribeToToastRequests(listener)
    expect(toastsRequested()).toBe(false)

    toast.error('Update failed', { description: 'Failed to save your changes. Please try again.' })
    expect(toastsRequested()).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)

    await new Promise((r) => setTimeout(r, 0))
    expect(sonner.error).not.toHaveBeenCalled()

    toasterMounted()
    await vi.waitFor(() =>
      expect(sonner.error).toHaveBeenCalledWith('Update failed', { description: 'Failed to save your changes. Please try again.' }),
    )
  })

  it('keeps the order of toasts asked for before the toaster was there', async () => {
    const { toast, toasterMounted } = await load()
    const order: string[] = []
    sonner.success.mockImplementation((m: string) => order.push(m))
    sonner.error.mockImplementation((m: string) => order.push(m))
    toast.success('Profile updated')
    toast.error('Sync failed')
    toasterMounted()
    await vi.waitFor(() => expect(order).toEqual(['Profile updated', 'Sync failed']))
  })

  it('notifies the toaster only once', async () => {
    const { toast, subscribeToToastRequests, toasterMounted } = await load()
    const listener = vi.fn()
    subscribeToToastRequests(listener)
    toasterMounted()
    toast.success('Data exported')
    toast.success('Sync completed')
    expect(listener).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(sonner.success).toHaveBeenCalledTimes(2))
  })

  it('closes every toast on sign-out, and loads nothing when none was shown', async () => {
    const { toast, dismissToasts, toasterMounted } = await load()
    dismissToasts()
    await new Promise((r) => setTimeout(r, 0))
    expect(sonner.dismiss).not.toHaveBeenCalled()

    toasterMounted()
    toast.success('Passkey added')
    await vi.waitFor(() => expect(sonner.success).toHaveBeenCalledTimes(1))
    dismissToasts()
    await vi.waitFor(() => expect(sonner.dismiss).toHaveBeenCalledTimes(1))
  })
})
