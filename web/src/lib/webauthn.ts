/**
 * Whether an auth-js WebAuthn error is the person closing the browser's
 * prompt (NotAllowedError / AbortError, which auth-js reports as
 * ERROR_CEREMONY_ABORTED or passes through as the cause): nothing to report.
 */
export function isWebAuthnCancelled(error: unknown): boolean {
  const e = error as { code?: string; cause?: { name?: string } } | null
  return e?.code === 'ERROR_CEREMONY_ABORTED' || e?.cause?.name === 'NotAllowedError' || e?.cause?.name === 'AbortError'
}

/** The browser can make and use WebAuthn credentials (auth-js's own check). */
export function browserSupportsWebAuthn(): boolean {
  return (
    typeof window !== 'undefined' &&
    'PublicKeyCredential' in window &&
    typeof navigator.credentials?.create === 'function' &&
    typeof navigator.credentials?.get === 'function'
  )
}
