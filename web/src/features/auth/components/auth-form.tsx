import { type FormEvent, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Separator } from '@/components/ui/separator'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useHydrating } from '@/lib/prerender'
import { safeRedirect, validateEmail, validatePassword } from '../api/credentials'
import { useRequestPasswordReset } from '../api/reset-password'
import { useSignIn } from '../api/sign-in'
import { usePasskeyAutofill } from '../api/use-passkey-autofill'
import { useSignUp } from '../api/sign-up'
import { GuestButton } from './guest-button'
import { type CredentialErrors, NewCredentialsFields } from './new-credentials-fields'
import { OAuthButtons } from './oauth-buttons'
import { PasskeySignInButton } from './passkey-sign-in-button'

type Mode = 'signin' | 'signup' | 'forgot'

function parseMode(value: string | null): Mode {
  return value === 'signup' || value === 'forgot' ? value : 'signin'
}

type Errors = CredentialErrors

function SignInForm({ redirect, onForgot }: { redirect: string; onForgot: () => void }) {
  const navigate = useNavigate()
  const signIn = useSignIn()
  const [errors, setErrors] = useState<Errors>({})
  const [serverError, setServerError] = useState<string | null>(null)
  // On the prerendered page the form is painted before the app runs: until
  // React owns it, a native submit would put the password in the URL.
  const hydrating = useHydrating()
  const autofillError = usePasskeyAutofill(() => navigate(redirect, { replace: true }))

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const email = String(form.get('email') ?? '')
    const password = String(form.get('password') ?? '')
    const next = { email: validateEmail(email), password: password ? null : 'Enter your password' }
    setErrors(next)
    setServerError(null)
    if (next.email || next.password) return
    signIn.mutate(
      { email, password },
      { onSuccess: () => navigate(redirect, { replace: true }), onError: (err) => setServerError(err.message) },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
      <Field label="Email" error={errors.email}>
        {(p) => <Input {...p} name="email" type="email" autoComplete="username webauthn" required />}
      </Field>
      <Field label="Password" error={errors.password}>
        {(p) => <Input {...p} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      {(serverError ?? autofillError) ? <Alert variant="destructive">{serverError ?? autofillError}</Alert> : null}
      <Button type="submit" disabled={hydrating || signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
      <Button type="button" variant="link" className="justify-self-start px-0" onClick={onForgot}>
        Forgot your password?
      </Button>
    </form>
  )
}

function SignUpForm({ redirect }: { redirect: string }) {
  const navigate = useNavigate()
  const signUp = useSignUp()
  const [errors, setErrors] = useState<Errors>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [confirmSent, setConfirmSent] = useState(false)

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const email = String(form.get('email') ?? '')
    const password = String(form.get('password') ?? '')
    const fullName = String(form.get('fullName') ?? '')
    const next = { email: validateEmail(email), password: validatePassword(password) }
    setErrors(next)
    setServerError(null)
    if (next.email || next.password) return
    signUp.mutate(
      { email, password, fullName },
      {
        onSuccess: ({ needsConfirmation }) => {
          if (needsConfirmation) setConfirmSent(true)
          else navigate(redirect, { replace: true })
        },
        onError: (err) => setServerError(err.message),
      },
    )
  }

  if (confirmSent) {
    return <Alert variant="success">Check your email to confirm your account, then sign in.</Alert>
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign up">
      <Field label="Full name">{(p) => <Input {...p} name="fullName" autoComplete="name" />}</Field>
      <NewCredentialsFields errors={errors} />
      {serverError ? <Alert variant="destructive">{serverError}</Alert> : null}
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  )
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const reset = useRequestPasswordReset()
  const [error, setError] = useState<string | null>(null)

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const email = String(new FormData(e.currentTarget).get('email') ?? '')
    const invalid = validateEmail(email)
    setError(invalid)
    if (!invalid) reset.mutate(email)
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset password">
      <h2 className="text-base font-semibold">Reset your password</h2>
      <p className="text-sm text-muted-foreground">We will e-mail you a link to choose a new password.</p>
      <Field label="Email" error={error}>
        {(p) => <Input {...p} name="email" type="email" autoComplete="email" required />}
      </Field>
      {reset.isSuccess ? (
        <Alert variant="success">Check your email for a link to reset your password.</Alert>
      ) : null}
      {reset.isError ? <Alert variant="destructive">{reset.error.message}</Alert> : null}
      <Button type="submit" disabled={reset.isPending}>
        Send reset link
      </Button>
      <Button type="button" variant="link" className="justify-self-start px-0" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  )
}

/** Sign in, sign up and password reset on /auth (?mode=signup|forgot, ?redirect=/app/…). */
export function AuthForm() {
  const [params, setParams] = useSearchParams()
  const mode = parseMode(params.get('mode'))
  const redirect = safeRedirect(params.get('redirect'))
  const [oauthError, setOauthError] = useState<string | null>(null)

  const setMode = (next: Mode) => {
    const p = new URLSearchParams(params)
    if (next === 'signin') p.delete('mode')
    else p.set('mode', next)
    setParams(p, { replace: true })
  }

  if (mode === 'forgot') return <ForgotForm onBack={() => setMode('signin')} />

  return (
    <div className="grid gap-5">
      <Tabs value={mode} onValueChange={(v) => setMode(parseMode(v))}>
        <TabsList>
          <TabsTrigger value="signin">Sign in</TabsTrigger>
          <TabsTrigger value="signup">Sign up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm redirect={redirect} onForgot={() => setMode('forgot')} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm redirect={redirect} />
        </TabsContent>
      </Tabs>
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <Separator className="flex-1" />
        or
        <Separator className="flex-1" />
      </div>
      <PasskeySignInButton redirect={redirect} />
      <OAuthButtons redirectTo={redirect} onError={setOauthError} />
      {oauthError ? <Alert variant="destructive">{oauthError}</Alert> : null}
      <GuestButton redirect={redirect} />
    </div>
  )
}
