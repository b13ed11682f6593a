import type { QueryClient } from '@tanstack/react-query'
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'

/**
 * The query cache kept in IndexedDB under the user's id, so that the app
 * opens with data offline (docs/decisions.md, "Offline changes (issue
 * 26)"). Loaded at idle by the signed-in shell, never with the first page.
 */

const MAX_AGE = 7 * 24 * 60 * 60_000
const keyOf = (userId: string) => `daybase.query-cache.${userId}`

function optionsFor(queryClient: QueryClient, userId: string, active: () => boolean) {
  const persister = createAsyncStoragePersister({
    key: keyOf(userId),
    storage: {
      getItem: (key) => get<string>(key).then((v) => v ?? null),
      setItem: (key, value: string) => (active() ? set(key, value) : undefined),
      removeItem: (key) => del(key),
    },
  })
  return { queryClient, persister, maxAge: MAX_AGE, buster: __APP_VERSION__ }
}

/**
 * Puts the saved cache of userId back into queryClient. app.tsx awaits it
 * before the first render when the page opens offline, so every screen
 * draws from it at once (its queries wait for the network meanwhile).
 */
export async function restoreCache(queryClient: QueryClient, userId: string): Promise<void> {
  await persistQueryClientRestore(optionsFor(queryClient, userId, () => false))
}

/**
 * Saves the cache for userId from now on. The returned stop ends the
 * saving: a save already under way is dropped, so a signed-out user's rows
 * are never written again.
 */
export function persistCache(queryClient: QueryClient, userId: string): () => void {
  let active = true
  const unsubscribe = persistQueryClientSubscribe(optionsFor(queryClient, userId, () => active))
  return () => {
    active = false
    unsubscribe()
  }
}

/** Deletes the saved cache of userId (sign out). */
export function forgetCache(userId: string): Promise<void> {
  return del(keyOf(userId))
}
