import { Fingerprint } from '@phosphor-icons/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { useHydrating } from '@/lib/prerender'
import { browserSupportsWebAuthn } from '@/lib/webauthn'

/**
 * "Sign in with a passkey" on /auth, in browsers that have WebAuthn; the
 * ceremony's code is fetched on the click, so the first screen carries
 * only this button.
 */
export function PasskeySignInButton({ redirect }: { redirect: string }) {
  const hydrating = useHydrating()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Painted on the prerendered page (disabled until the app runs), so the
  // providers below do not move; gone only where the browser has no WebAuthn.
  if (!hydrating && !browserSupportsWebAuthn()) return null

  const onClick = async () => {
    setBusy(true)
    setError(null)
    try {
      const { signInWithPasskey } = await import('../api/passkey-sign-in')
      if (await signInWithPasskey()) navigate(redirect, { replace: true })
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Signing in with a passkey failed.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="grid gap-2">
      <Button variant="outline" disabled={hydrating || busy} onClick={() => void onClick()}>
        <Fingerprint aria-hidden />
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
    </div>
  )
}
