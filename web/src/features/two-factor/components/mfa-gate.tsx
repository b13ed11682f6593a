import { LockKey } from '@phosphor-icons/react'
import { type ReactNode, Suspense, lazy, useDeferredValue } from 'react'
import { Button } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import { useAssurance, useRequiredWithoutFactor } from '../hooks/use-assurance'

// Most sessions never see these: loaded only when a second factor is asked for.
const ChallengeDialog = lazy(() => import('./mfa-dialogs').then((m) => ({ default: m.ChallengeDialog })))
const RequiredDialog = lazy(() => import('./mfa-dialogs').then((m) => ({ default: m.RequiredDialog })))

/**
 * Lets the signed-in area render only once the session has the assurance
 * level it needs; otherwise asks for the second factor (spec 000 §4).
 */
export function MfaGate({ children, onSignOut }: { children: ReactNode; onSignOut: () => void }) {
  const assurance = useAssurance()
  const result = assurance.data
  // Without a verified factor the app opens at once; the settings row is
  // read meanwhile, and only if it says two-factor is on does the dialog
  // of step 6 take the app's place (docs/decisions.md).
  const required = useRequiredWithoutFactor(result?.kind === 'unless-required')
  const blocked = result?.kind === 'no-factor' || (result?.kind === 'unless-required' && required.data === true)
  // Behind the gate is the whole signed-in app. When the check answers, it
  // mounts in a transition, which React renders in slices that yield to
  // input, instead of one long task; the spinner stays until then. Only ever
  // shown with an answer of the current session that lets it through.
  const open = useDeferredValue(!blocked && (result?.kind === 'ok' || result?.kind === 'unless-required'))

  if (assurance.isPending) return <PageSpinner />
  if (assurance.isError) {
    return (
      <div role="alert" className="flex min-h-full flex-col items-center justify-center gap-3 p-8 text-center">
        <LockKey size={32} weight="duotone" aria-hidden />
        <p className="text-sm">We could not check your sign-in: {assurance.error.message}</p>
        <div className="flex gap-2">
          <Button onClick={() => void assurance.refetch()}>Try Again</Button>
          <Button variant="outline" onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      </div>
    )
  }
  const checked = assurance.data
  if (!blocked && checked.kind !== 'challenge') return open ? <>{children}</> : <PageSpinner />
  return (
    <div className="min-h-full bg-muted/40">
      <Suspense fallback={<PageSpinner />}>
        {checked.kind === 'challenge' ? (
          <ChallengeDialog factorId={checked.factorId} keyId={checked.keyId} onSignOut={onSignOut} />
        ) : (
          <RequiredDialog onSignOut={onSignOut} />
        )}
      </Suspense>
    </div>
  )
}
