// Stands in for auth-js's lib/webauthn inside auth-js (vite.config.ts,
// deferredSupabaseParts): GoTrueClient imports it for its passkey and
// security-key calls and builds a WebAuthnApi at once, so with the real
// module every page loaded the WebAuthn code (~7 KB gzip with its errors),
// which only the passkey and security-key screens use. Call loadWebAuthn()
// before supabase.auth.signInWithPasskey / registerPasskey (they call the
// synchronous helpers below first); mfa.webauthn's methods load it themselves.
import type * as Real from '@supabase/auth-js/dist/module/lib/webauthn.js'

type Module = typeof Real
type RealApi = InstanceType<Module['WebAuthnApi']>

let real: Module | null = null
let loading: Promise<Module> | null = null

/** Loads auth-js's WebAuthn code; await it before a passkey call of supabase.auth. */
export function loadWebAuthn(): Promise<Module> {
  loading ??= import('@supabase/auth-js/dist/module/lib/webauthn.js').then((m) => (real = m))
  loading.catch(() => (loading = null))
  return loading
}

function loaded(): Module {
  if (!real) throw new Error('The WebAuthn code is not loaded: await loadWebAuthn() (lib/deferred/webauthn.ts) first')
  return real
}

export const browserSupportsWebAuthn: Module['browserSupportsWebAuthn'] = () => loaded().browserSupportsWebAuthn()
export const deserializeCredentialCreationOptions: Module['deserializeCredentialCreationOptions'] = (options) =>
  loaded().deserializeCredentialCreationOptions(options)
export const deserializeCredentialRequestOptions: Module['deserializeCredentialRequestOptions'] = (options) =>
  loaded().deserializeCredentialRequestOptions(options)
export const serializeCredentialCreationResponse: Module['serializeCredentialCreationResponse'] = (credential) =>
  loaded().serializeCredentialCreationResponse(credential)
export const serializeCredentialRequestResponse: Module['serializeCredentialRequestResponse'] = (credential) =>
  loaded().serializeCredentialRequestResponse(credential)
export const createCredential: Module['createCredential'] = async (options) => (await loadWebAuthn()).createCredential(options)
export const getCredential: Module['getCredential'] = async (options) => (await loadWebAuthn()).getCredential(options)

/** The real abort service once loaded (GoTrueClient asks it for a signal after browserSupportsWebAuthn). */
export const webAuthnAbortService = {
  createNewAbortSignal: (): AbortSignal => loaded().webAuthnAbortService.createNewAbortSignal(),
  cancelCeremony: (): void => real?.webAuthnAbortService.cancelCeremony(),
}

/** supabase.auth.mfa.webauthn: each method loads the real code first. */
export class WebAuthnApi {
  private api: RealApi | null = null
  private readonly client: ConstructorParameters<Module['WebAuthnApi']>[0]

  constructor(client: ConstructorParameters<Module['WebAuthnApi']>[0]) {
    this.client = client
  }

  private async real(): Promise<RealApi> {
    const m = await loadWebAuthn()
    this.api ??= new m.WebAuthnApi(this.client)
    return this.api
  }

  enroll = async (...args: Parameters<RealApi['enroll']>) => (await this.real()).enroll(...args)
  challenge = async (...args: Parameters<RealApi['challenge']>) => (await this.real()).challenge(...args)
  verify = async (...args: Parameters<RealApi['verify']>) => (await this.real()).verify(...args)
  authenticate = async (...args: Parameters<RealApi['authenticate']>) => (await this.real()).authenticate(...args)
  register = async (...args: Parameters<RealApi['register']>) => (await this.real()).register(...args)
}
