import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { MIN_PASSWORD_LENGTH } from '../api/credentials'

export type CredentialErrors = { email?: string | null; password?: string | null }

/** E-mail and a new password, as sign-up and a guest keeping the data ask for them. */
export function NewCredentialsFields({ errors }: { errors: CredentialErrors }) {
  return (
    <>
      <Field label="Email" error={errors.email}>
        {(p) => <Input {...p} name="email" type="email" autoComplete="email" required />}
      </Field>
      <Field label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters, not a common password.`} error={errors.password}>
        {(p) => <Input {...p} name="password" type="password" autoComplete="new-password" required />}
      </Field>
    </>
  )
}
