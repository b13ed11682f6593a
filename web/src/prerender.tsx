// The build's prerender entry (vite build --ssr; run by scripts/prerender.mjs):
// renders a public page to HTML with the app's own tree as a first visit sees
// it (the session still loading, no stored choices), so the browser paints it before any script arrives.
import { QueryClient } from '@tanstack/react-query'
import { prerenderToNodeStream } from 'react-dom/static'
import { createMemoryRouter } from 'react-router'
import { markStartedFromPrerender } from '@/lib/prerender'
import { Root } from './app/root'
import { initialized, routes } from './app/route-table'

/** The HTML of #root for pathname. */
export async function prerender(pathname: string): Promise<string> {
  markStartedFromPrerender()
  const router = createMemoryRouter(routes, { initialEntries: [pathname] })
  await initialized(router)
  const queryClient = new QueryClient()
  const { prelude } = await prerenderToNodeStream(<Root router={router} queryClient={queryClient} />, {
    onError(error) {
      throw error
    },
  })
  let html = ''
  for await (const chunk of prelude) html += chunk
  router.dispose()
  return html
}
