import { useSyncExternalStore } from 'react'
import { type InstallState, installState, subscribeInstallState } from '@/lib/install-prompt'

/**
 * Whether the browser offers to install the app now. The prerendered page
 * (and hydration) show 'unavailable': the offer is the browser's alone.
 */
export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribeInstallState, installState, () => 'unavailable')
}
