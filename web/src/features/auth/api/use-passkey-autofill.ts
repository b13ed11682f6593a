import { useEffect, useRef, useState } from 'react'
import { useHydrating } from '@/lib/prerender'
import { browserSupportsWebAuthn } from '@/lib/webauthn'

/**
 * Offers the person's passkeys in the sign-in form's e-mail autofill
 * (conditional mediation) where the browser can, calling onSignedIn when one
 * is chosen; the request ends with the form. Returns the message of a
 * refused passkey, if any. The ceremony code is fetched only where the
 * browser offers the autofill.
 */
export function usePasskeyAutofill(onSignedIn: () => void): string | null {
  const hydrating = useHydrating()
  const [error, setError] = useState<string | null>(null)
  const signedIn = useRef(onSignedIn)
  useEffect(() => {
    signedIn.current = onSignedIn
  })

  useEffect(() => {
    if (hydrating || !browserSupportsWebAuthn()) return
    const controller = new AbortController()
    void (async () => {
      const api = await import('./passkey-sign-in')
      if (controller.signal.aborted || !(await api.conditionalMediationAvailable())) return
      try {
        if (await api.watchPasskeyAutofill(controller.signal)) signedIn.current()
      } catch (e) {
        if (controller.signal.aborted) return
        // Not offered again until the page reloads: a browser that answers
        // at once (an automation authenticator) would otherwise loop.
        setError(e instanceof api.AutofillError ? e.message : 'Signing in with a passkey failed.')
      }
    })()
    return () => controller.abort()
  }, [hydrating])

  return error
}
