// Stands in for @supabase/storage-js inside supabase-js (vite.config.ts,
// deferredSupabaseParts): createClient builds a StorageClient at once, and
// with the real one every page would load storage-js and iceberg-js
// (~10 KB gzip) although the app stores no file yet. This client keeps the
// constructor's arguments and builds the real one on first use once
// loadStorage() has resolved.
import type * as Storage from '@supabase/storage-js'

let storage: typeof Storage | null = null

/**
 * supabase-js re-exports StorageApiError (and uses it for nothing else).
 * Re-exporting the real class put the whole of storage-js and iceberg-js
 * (13 KB gzip) back into the first screen's scripts: a module imported both
 * statically and dynamically is bundled whole with the static importer. This
 * stand-in answers instanceof for the real class's errors, which exist only
 * once storage-js has loaded.
 */
export class StorageApiError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return storage !== null && value instanceof storage.StorageApiError
  }
}
let loading: Promise<typeof Storage> | null = null

/** Loads storage-js; await it before the first use of supabase.storage. */
export function loadStorage(): Promise<typeof Storage> {
  loading ??= import('@supabase/storage-js').then((m) => (storage = m))
  return loading
}

type Args = ConstructorParameters<typeof Storage.StorageClient>

export class StorageClient {
  private client: Storage.StorageClient | null = null
  private readonly args: Args

  constructor(...args: Args) {
    this.args = args
    // Every member is the real client's, built on first use.
    return new Proxy(this, {
      get(target, prop, receiver) {
        if (prop === 'client' || prop === 'args' || prop === 'real') return Reflect.get(target, prop, receiver)
        const client = target.real()
        const value: unknown = Reflect.get(client, prop)
        return typeof value === 'function' ? value.bind(client) : value
      },
    })
  }

  private real(): Storage.StorageClient {
    if (this.client) return this.client
    if (!storage) throw new Error('Storage is not loaded: await loadStorage() (lib/supabase.ts) before using supabase.storage')
    this.client = new storage.StorageClient(...this.args)
    return this.client
  }
}
