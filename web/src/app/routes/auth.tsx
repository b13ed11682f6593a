import { Link, Navigate, useSearchParams } from 'react-router'
import { LogoMark } from '@/components/ui/logo-mark'
import { PageSpinner } from '@/components/ui/spinner'
import { useAuthStatus } from '@/lib/auth-store'
import { safeRedirect } from '@/features/auth/api/credentials'
import { AuthForm } from '@/features/auth/components/auth-form'

/** /auth: sign in and sign up; signed-in visitors go straight on. */
export default function AuthPage() {
  const status = useAuthStatus()
  const [params] = useSearchParams()
  if (status === 'loading') return <PageSpinner />
  if (status === 'signedIn') return <Navigate to={safeRedirect(params.get('redirect'))} replace />
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <div className="grid w-full max-w-sm gap-6">
        <div className="grid gap-1 text-center">
          <Link to="/" className="mx-auto mb-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <LogoMark className="size-10" iconClassName="size-6" />
            <span className="sr-only">Daybase home</span>
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight">Welcome to Daybase</h1>
          <p className="text-sm text-muted-foreground">Sign in or create an account to continue.</p>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-sm">
          <AuthForm />
        </div>
      </div>
    </main>
  )
}
