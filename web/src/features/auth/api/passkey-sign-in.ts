import { toRequestError } from '@/lib/errors'
import { loadWebAuthn } from '@/lib/deferred/webauthn'
import { supabase } from '@/lib/supabase'
import { isWebAuthnCancelled } from '@/lib/webauthn'

// The browser runs one WebAuthn request at a time: the e-mail field's
// autofill request (conditional mediation) is stopped while the button's
// modal one runs, and starts again after it.
let autofill: AbortController | null = null
let modal: Promise<unknown> | null = null

/** Signs in with a passkey (auth-js signInWithPasskey); false when the person cancelled the prompt. */
export async function signInWithPasskey(): Promise<boolean> {
  // auth-js's WebAuthn code is loaded on demand (lib/deferred/webauthn.ts).
  await loadWebAuthn()
  autofill?.abort()
  const run = supabase.auth.signInWithPasskey()
  modal = run
  try {
    const { error } = await run
    if (error) {
      if (isWebAuthnCancelled(error)) return false
      throw toRequestError(error)
    }
    return true
  } finally {
    if (modal === run) modal = null
  }
}

/** A passkey chosen from the autofill whose sign-in the server refused. */
export class AutofillError extends Error {}

/**
 * Offers the person's passkeys in the autofill of the e-mail field
 * (`autocomplete="username webauthn"`) until one signs in (true) or signal
 * aborts (false). The pending request is renewed when its server challenge
 * expires and paused while the modal ceremony runs; a refused passkey
 * throws AutofillError; any other failure ends the watch quietly.
 */
export async function watchPasskeyAutofill(signal: AbortSignal): Promise<boolean> {
  await loadWebAuthn()
  while (!signal.aborted) {
    if (modal) await modal.catch(() => undefined)
    if (signal.aborted) break
    const round = new AbortController()
    const stop = () => round.abort()
    signal.addEventListener('abort', stop, { once: true })
    autofill = round
    const started = Date.now()
    const { error } = await supabase.auth.signInWithPasskey({
      options: { mediation: 'conditional', signal: round.signal },
    })
    signal.removeEventListener('abort', stop)
    if (autofill === round) autofill = null
    if (!error) return true
    if (round.signal.aborted) continue // the modal ceremony took over, or the form went away
    if (error.code === 'webauthn_challenge_expired') throw new AutofillError('That sign-in took too long. Choose your passkey again.')
    // A browser may end a long pending request; start a new one, but never spin.
    if (isWebAuthnCancelled(error) && Date.now() - started > 5000) continue
    // The server refused the chosen passkey (removed from the account, say).
    if (error.code === 'invalid_credentials') throw new AutofillError('That passkey was not accepted. Sign in with your password instead.')
    return false // no autofill here (passkeys off, offline, …); the button still works
  }
  return false
}

/** Whether the browser can offer passkeys in a field's autofill. */
export async function conditionalMediationAvailable(): Promise<boolean> {
  const pkc = window.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> } | undefined
  try {
    return (await pkc?.isConditionalMediationAvailable?.()) === true
  } catch {
    return false
  }
}
