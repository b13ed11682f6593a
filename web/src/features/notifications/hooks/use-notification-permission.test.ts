import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERMISSION_ASKED_KEY, useNotificationPermission } from './use-notification-permission'

const requestPermission = vi.fn(() => Promise.resolve('granted' as NotificationPermission))

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('Notification', { permission: 'default', requestPermission })
  requestPermission.mockClear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('useNotificationPermission', () => {
  it('asks 2 s after load, once per browser', () => {
    renderHook(() => useNotificationPermission())
    vi.advanceTimersByTime(1999)
    expect(requestPermission).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(requestPermission).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem(PERMISSION_ASKED_KEY)).not.toBeNull()

    renderHook(() => useNotificationPermission())
    vi.advanceTimersByTime(5000)
    expect(requestPermission).toHaveBeenCalledTimes(1)
  })

  it('does not ask when the browser already has an answer', () => {
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission })
    renderHook(() => useNotificationPermission())
    vi.advanceTimersByTime(5000)
    expect(requestPermission).not.toHaveBeenCalled()
  })
})
