import { useEffect } from 'react'

/** Asked once, 2 s after the app loads (spec 000 §4, 002 §2). */
export const PERMISSION_DELAY_MS = 2000
export const PERMISSION_ASKED_KEY = 'daybase.notificationPermissionAsked'

/**
 * Requests the browser notification permission 2 s after load when the
 * browser supports it, the answer is still 'default' and it was never asked
 * from this browser before.
 */
export function useNotificationPermission(): void {
  useEffect(() => {
    if (typeof window === 'undefined' || !('Notification' in window)) return
    if (Notification.permission !== 'default' || localStorage.getItem(PERMISSION_ASKED_KEY)) return
    const timer = window.setTimeout(() => {
      localStorage.setItem(PERMISSION_ASKED_KEY, new Date().toISOString())
      void Notification.requestPermission().catch(() => undefined)
    }, PERMISSION_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])
}
