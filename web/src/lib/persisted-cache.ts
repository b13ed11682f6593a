import { type DehydratedState, type QueryClient, dehydrate } from '@tanstack/react-query'
import { type PersistedClient, persistQueryClientRestore } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'

/**
 * The query cache kept in IndexedDB under the user's id, so that the app
 * opens with data offline (docs/decisions.md, "Offline changes (issue
 * 26)"). Loaded at idle by the signed-in shell, never with the first page.
 *
 * A save is off the interaction path: a change of the cache only marks it
 * dirty; the save runs in an idle period at least a second after the last
 * save and the user's last click or key (a step through the calendar's
 * months is not slowed by a save of the data it shows), within MAX_DELAY
 * of the change however busy the user, and at once when the page is
 * hidden or left. Each save writes the whole cache as one JSON value (the
 * format persistQueryClientRestore reads), but only the queries whose data
 * changed since the last save are serialized again.
 */

const MAX_AGE = 7 * 24 * 60 * 60_000
/** At most one save per this many ms, and none sooner than this after a click or key. */
const QUIET = 1000
/** A save waits for an idle period at most this long. */
const IDLE_TIMEOUT = 2000
/** A change waits for its save at most about this long, even while the user keeps clicking. */
const MAX_DELAY = 10_000
const INPUTS = ['pointerdown', 'keydown', 'click'] as const
const keyOf = (userId: string) => `daybase.query-cache.${userId}`

/**
 * Puts the saved cache of userId back into queryClient. app.tsx awaits it
 * before the first render when the page opens offline, so every screen
 * draws from it at once (its queries wait for the network meanwhile).
 */
export async function restoreCache(queryClient: QueryClient, userId: string): Promise<void> {
  const key = keyOf(userId)
  await persistQueryClientRestore({
    queryClient,
    maxAge: MAX_AGE,
    buster: __APP_VERSION__,
    persister: {
      persistClient: () => undefined,
      restoreClient: async () => {
        const text = await get<string>(key)
        return text ? (JSON.parse(text) as PersistedClient) : undefined
      },
      removeClient: () => del(key),
    },
  })
}

type DehydratedQuery = DehydratedState['queries'][number]

/**
 * JSON of dehydrated caches that re-serializes a query's data only when it
 * changed: query data is replaced, never changed in place, so the text of
 * a data object is kept beside it (and its dataUpdatedAt, which a
 * setQueryData moves even if handed the same object).
 */
export function cacheSerializer(): (client: PersistedClient) => string {
  const texts = new WeakMap<object, { at: number; text: string }>()
  const dataText = (data: unknown, at: number): string => {
    if (typeof data !== 'object' || data === null) return JSON.stringify(data)
    const kept = texts.get(data)
    if (kept?.at === at) return kept.text
    const text = JSON.stringify(data)
    texts.set(data, { at, text })
    return text
  }
  const queryText = (query: DehydratedQuery): string => {
    const { data, ...state } = query.state
    const fields = [JSON.stringify({ ...query, state: undefined }).slice(1, -1)]
    const stateFields = [JSON.stringify(state).slice(1, -1)]
    if (data !== undefined) stateFields.unshift(`"data":${dataText(data, query.state.dataUpdatedAt)}`)
    fields.push(`"state":{${stateFields.filter(Boolean).join(',')}}`)
    return `{${fields.filter(Boolean).join(',')}}`
  }
  return ({ clientState, ...client }) => {
    const head = JSON.stringify(client).slice(1, -1)
    const mutations = JSON.stringify(clientState.mutations)
    const queries = clientState.queries.map(queryText).join(',')
    const state = `"clientState":{"mutations":${mutations},"queries":[${queries}]}`
    return `{${head ? `${head},` : ''}${state}}`
  }
}

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback !== 'function') {
    const id = window.setTimeout(run, 0)
    return () => window.clearTimeout(id)
  }
  const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT })
  return () => window.cancelIdleCallback(id)
}

/**
 * Saves the cache for userId from now on (and once now). The returned stop
 * ends the saving: a save already under way is dropped, so a signed-out
 * user's rows are never written again.
 */
export function persistCache(queryClient: QueryClient, userId: string): () => void {
  const key = keyOf(userId)
  const serialize = cacheSerializer()
  let active = true
  let dirtySince: number | null = null
  // Counted as a save: the first one waits a second too (the app is just
  // loaded; the user's first click may come now, before the listener below).
  let lastSave = Date.now()
  let lastInput = 0
  let cancel: (() => void) | null = null
  let writing: Promise<unknown> = Promise.resolve()

  const save = () => {
    cancel?.()
    cancel = null
    if (!active || dirtySince === null) return
    dirtySince = null
    lastSave = Date.now()
    const text = serialize({ buster: __APP_VERSION__, timestamp: lastSave, clientState: dehydrate(queryClient) })
    // One write after the other: the newest text is the last one stored.
    writing = writing.then(() => (active ? set(key, text) : undefined)).catch((e: unknown) => console.warn('The offline copy of your data could not be saved:', e))
  }
  // Waits until a second after the last save and the last input, then for
  // an idle period (and again if the user clicked meanwhile).
  const wait = () => {
    const now = Date.now()
    const due = Math.max(lastSave, lastInput) + QUIET
    const overdue = dirtySince !== null && now - dirtySince >= MAX_DELAY
    if (due <= now || overdue) {
      cancel = whenIdle(() => (overdue || Date.now() - lastInput >= QUIET ? save() : wait()))
      return
    }
    const id = window.setTimeout(wait, due - now)
    cancel = () => window.clearTimeout(id)
  }
  const onChange = (event: { type: string }) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return
    dirtySince ??= Date.now()
    if (!cancel) wait()
  }
  const onInput = () => {
    lastInput = Date.now()
  }
  // Leaving or hiding the page saves what is waiting now.
  const flush = () => {
    if (document.visibilityState === 'hidden') save()
  }
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(onChange)
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(onChange)
  for (const type of INPUTS) window.addEventListener(type, onInput, { capture: true, passive: true })
  document.addEventListener('visibilitychange', flush)
  window.addEventListener('pagehide', save)
  // What the cache holds already is saved too.
  onChange({ type: 'updated' })
  return () => {
    active = false
    cancel?.()
    cancel = null
    unsubscribeQueries()
    unsubscribeMutations()
    for (const type of INPUTS) window.removeEventListener(type, onInput, { capture: true })
    document.removeEventListener('visibilitychange', flush)
    window.removeEventListener('pagehide', save)
  }
}

/** Deletes the saved cache of userId (sign out). */
export function forgetCache(userId: string): Promise<void> {
  return del(keyOf(userId))
}
