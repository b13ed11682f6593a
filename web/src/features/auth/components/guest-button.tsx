import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { loadConfig } from '@/lib/config'
import { useHydrating } from '@/lib/prerender'
import { useSignInAsGuest } from '../api/guest'

/**
 * "Try without an account" on /auth, where the server allows anonymous
 * sign-ins. Not on the prerendered page (which cannot know the server's
 * setting): it appears once the app runs, below everything else.
 */
export function GuestButton({ redirect }: { redirect: string }) {
  const hydrating = useHydrating()
  const navigate = useNavigate()
  const guest = useSignInAsGuest()
  const [error, setError] = useState<string | null>(null)
  if (hydrating || !loadConfig()?.anonymousSignIns) return null
  return (
    <div className="grid gap-2">
      <Button
        variant="ghost"
        disabled={guest.isPending}
        onClick={() => {
          setError(null)
          guest.mutate(undefined, {
            onSuccess: () => navigate(redirect, { replace: true }),
            onError: (e) => setError(e.message),
          })
        }}
      >
        {guest.isPending ? 'Starting…' : 'Try without an account'}
      </Button>
      <p className="text-center text-xs text-muted-foreground">Add an e-mail later to keep what you make.</p>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
    </div>
  )
}
