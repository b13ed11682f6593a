// Stands in for auth-js's GoTrueAdminApi inside auth-js (vite.config.ts,
// deferredSupabaseParts): every GoTrueClient builds one at once, and with the
// real one every page would load the admin API (6 KB gzip), which a browser
// never calls with the anon key. GoTrueClient itself calls only
// admin.signOut (when a user signs out): that loads the real module then.
// Any other member is the real client's once loadAuthAdmin() has resolved.
import type RealAdminApi from '@supabase/auth-js/dist/module/GoTrueAdminApi.js'

type Api = typeof RealAdminApi
let api: Api | null = null
let loading: Promise<Api> | null = null

/** Loads the real admin API; await it before using supabase.auth.admin. */
export function loadAuthAdmin(): Promise<Api> {
  loading ??= import('@supabase/auth-js/dist/module/GoTrueAdminApi.js').then((m) => (api = m.default))
  loading.catch(() => (loading = null))
  return loading
}

type Args = ConstructorParameters<Api>

export default class GoTrueAdminApi {
  private client: RealAdminApi | null = null
  private readonly args: Args

  constructor(...args: Args) {
    this.args = args
    return new Proxy(this, {
      get(target, prop, receiver) {
        if (prop in target) return Reflect.get(target, prop, receiver)
        const client = target.real()
        const value: unknown = Reflect.get(client, prop)
        return typeof value === 'function' ? value.bind(client) : value
      },
    })
  }

  /** What GoTrueClient.signOut calls: the real one, loaded first. */
  async signOut(...args: Parameters<RealAdminApi['signOut']>): ReturnType<RealAdminApi['signOut']> {
    await loadAuthAdmin()
    return this.real().signOut(...args)
  }

  private real(): RealAdminApi {
    if (this.client) return this.client
    if (!api) throw new Error('The auth admin API is not loaded: await loadAuthAdmin() (lib/deferred/auth-admin.ts) first')
    this.client = new api(...this.args)
    return this.client
  }
}
