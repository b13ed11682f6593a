import { useSyncExternalStore } from 'react'

// Pages the build prerendered (web/scripts/prerender.mjs) arrive with their
// markup in #root; main.tsx hydrates it instead of rendering from scratch.
// During hydration React must produce exactly that markup, so the few
// components whose first render depends on what only the browser knows
// (stored choices) render the prerendered state first and their own state
// right after. The session is the auth store's business (lib/boot.ts).

const noSubscription = () => () => {}

/**
 * True while React hydrates (and on the prerender): render the prerendered
 * state. React renders again at once with the browser's state (false).
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
}
