import type { Session } from '@supabase/supabase-js'
import type { QueryKey } from '@tanstack/react-query'

/**
 * The queries a page (or layout) renders first, for the signed-in user (each
 * made by queryOptions()). The router starts them before the page renders
 * (its loader, app/route-table.tsx), so the requests are on their way
 * before React commits, instead of starting from the page's effects, in the
 * task that ends hydration.
 *
 * It lives here, not in the route table, so that page modules (which the
 * route table imports) do not import the route table back.
 */
export type Prefetch = (userId: string, session: Session) => ReadonlyArray<{ queryKey: QueryKey }>
