import { useSyncExternalStore } from 'react'

// Pages the build prerendered (web/scripts/prerender.mjs) arrive with their
// markup in #root; main.tsx hydrates it instead of rendering from scratch.
// During hydration React must produce exactly that markup, so the few
// components whose first render depends on what only the browser knows
// (stored choices, the session still loading) render the prerendered state
// first and their own state right after.

let fromPrerender = false

/** Called before React hydrates a prerendered page (app.tsx), and by the prerender itself. */
export function markStartedFromPrerender(): void {
  fromPrerender = true
}

/**
 * True when this page load began with prerendered markup (or is the
 * prerender). A signed-out page (/auth) then shows its content while the
 * session is still loading, as the markup already does: main.tsx hydrates it
 * only when no session is stored, so that is what the session turns out to be.
 */
export function startedFromPrerender(): boolean {
  return fromPrerender
}

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
