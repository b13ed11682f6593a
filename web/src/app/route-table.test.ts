import { QueryClient, QueryObserver, queryOptions } from '@tanstack/react-query'
import type { Session } from '@supabase/supabase-js'
import type { LoaderFunctionArgs } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { setBoot } from '@/lib/boot'
import { type Prefetch, prefetchLoader } from './route-table'

const tasks = (userId: string) =>
  queryOptions({ queryKey: ['tasks', userId], queryFn: async () => [`task of ${userId}`], staleTime: 60_000 })
const prefetch: Prefetch = (userId) => [tasks(userId)]
const run = (loader: ReturnType<typeof prefetchLoader>) => loader({} as LoaderFunctionArgs, undefined)
const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('prefetchLoader', () => {
  afterEach(() => {
    useAuthStore.setState({ status: 'loading', session: null, user: null })
    setBoot(null)
  })

  it('on a prerendered page, starts the queries for the signed-in user; an answer lands once a component observes it', async () => {
    const session = { access_token: 't', user: { id: 'u1' } } as Session
    setBoot({ session })
    useAuthStore.setState({ status: 'signedIn', session, user: session.user })
    const queryClient = new QueryClient()
    expect(run(prefetchLoader(queryClient, prefetch))).toBeNull()

    await settle()
    const query = queryClient.getQueryCache().find({ queryKey: ['tasks', 'u1'] })
    // Requested, answered, but held: a component still hydrating would render it loading.
    expect(query?.state.fetchStatus).toBe('fetching')
    expect(query?.state.data).toBeUndefined()

    const observer = new QueryObserver(queryClient, tasks('u1'))
    const unsubscribe = observer.subscribe(() => {})
    await settle()
    expect(query?.state.data).toEqual(['task of u1'])
    // The observer did not send a request of its own: one fetch, the prefetch's.
    expect(query?.state.dataUpdateCount).toBe(1)
    unsubscribe()
  })

  it('lands at once, observed or not, when the page did not start from prerendered markup', async () => {
    const session = { access_token: 't', user: { id: 'u3' } } as Session
    useAuthStore.setState({ status: 'signedIn', session, user: session.user })
    const queryClient = new QueryClient()
    run(prefetchLoader(queryClient, prefetch))
    await settle()
    expect(queryClient.getQueryData(['tasks', 'u3'])).toEqual(['task of u3'])
  })

  it("hands the session to the page's prefetch", async () => {
    const session = { access_token: 'token-1', user: { id: 'u4' } } as Session
    useAuthStore.setState({ status: 'signedIn', session, user: session.user })
    const queryClient = new QueryClient()
    const byToken: Prefetch = (userId, s) => [queryOptions({ queryKey: ['check', userId, s.access_token], queryFn: async () => true })]
    run(prefetchLoader(queryClient, byToken))
    await settle()
    expect(queryClient.getQueryData(['check', 'u4', 'token-1'])).toBe(true)
  })

  it('lands at once when a component already observes the query', async () => {
    const session = { access_token: 't', user: { id: 'u2' } } as Session
    setBoot({ session })
    useAuthStore.setState({ status: 'signedIn', session, user: session.user })
    const queryClient = new QueryClient()
    const unsubscribe = new QueryObserver(queryClient, { ...tasks('u2'), enabled: false }).subscribe(() => {})
    run(prefetchLoader(queryClient, prefetch))
    await settle()
    expect(queryClient.getQueryData(['tasks', 'u2'])).toEqual(['task of u2'])
    unsubscribe()
  })

  it('prefetches nothing while nobody is signed in (the prerender, a signed-out visit)', async () => {
    const queryClient = new QueryClient()
    run(prefetchLoader(queryClient, prefetch))
    await settle()
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })
})
