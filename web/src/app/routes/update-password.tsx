import { Link, useNavigate } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import { useAuthStatus } from '@/lib/auth-store'
import { UpdatePasswordForm } from '@/features/auth/components/update-password-form'

/**
 * The reset link lands here; supabase-js turns the link's code into a
 * session first, then the user picks a new password.
 */
export default function UpdatePasswordPage() {
  const status = useAuthStatus()
  const navigate = useNavigate()
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <div className="grid w-full max-w-sm gap-4 rounded-xl border bg-card p-6 shadow-sm">
        <h1 className="text-xl font-semibold">Choose a new password</h1>
        {status === 'loading' ? <PageSpinner /> : null}
        {status === 'signedOut' ? (
          <>
            <Alert variant="destructive">This password reset link is invalid or has expired.</Alert>
            <Button asChild variant="outline">
              <Link to="/auth?mode=forgot">Send a new link</Link>
            </Button>
          </>
        ) : null}
        {status === 'signedIn' ? (
          <UpdatePasswordForm submitLabel="Save new password" onDone={() => navigate('/app', { replace: true })} />
        ) : null}
      </div>
    </main>
  )
}
