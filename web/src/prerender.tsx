// The build's prerender entry (vite build --ssr; run by scripts/prerender.mjs):
// renders a page to HTML with the app's own tree, as React will first render
// it in the browser while hydrating (signed out: the session still loading and
// no stored choices; signed in: see `anyone`), so the browser paints it before
// any script arrives.
import type { Session } from '@supabase/supabase-js'
import { QueryClient } from '@tanstack/react-query'
import { prerenderToNodeStream } from 'react-dom/static'
import { createMemoryRouter } from 'react-router'
import { setBoot } from '@/lib/boot'
import { Root } from './app/root'
import { createRoutes, initialized } from './app/route-table'

/**
 * Who a signed-in page is drawn for: nobody in particular. The user's own
 * words (greeting, date, initials) are written into the page before its
 * first paint by src/boot/signed-in-page.js; everything else of the first
 * screen depends on no user (queries still loading, stored choices at their
 * defaults), as React renders it while hydrating.
 */
const anyone = {
  // aal1 with no factor: the two-factor gate lets the page through (the real
  // session's check runs after hydration).
  access_token: `e30.${btoa(JSON.stringify({ aal: 'aal1', session_id: 'prerender' })).replace(/=+$/, '')}.x`,
  refresh_token: '',
  token_type: 'bearer',
  expires_in: 3600,
  user: { id: '00000000-0000-0000-0000-000000000000', email: '', user_metadata: {}, app_metadata: {}, factors: [] },
} as unknown as Session

/** The HTML of #root for pathname, signed out or (signedIn) for anyone signed in. */
export async function prerender(pathname: string, { signedIn = false } = {}): Promise<string> {
  // The auth hooks render what the page is drawn for, as while hydrating.
  setBoot({ session: signedIn ? anyone : null })
  const queryClient = new QueryClient()
  // No user in the auth store: the pages' loaders prefetch nothing.
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [pathname] })
  await initialized(router)
  const { prelude } = await prerenderToNodeStream(<Root router={router} queryClient={queryClient} />, {
    // Every boundary inline, in place: a larger one would otherwise come as a
    // fallback plus a hidden copy that a script swaps in, after the first paint.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      throw error
    },
  })
  let html = ''
  for await (const chunk of prelude) html += chunk
  router.dispose()
  return html
}
