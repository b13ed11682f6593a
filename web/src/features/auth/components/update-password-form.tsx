import { type FormEvent, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { validatePassword } from '../api/credentials'
import { useUpdatePassword } from '../api/update-password'

/** New password twice; used after a reset link and in Settings → Security. */
export function UpdatePasswordForm({ onDone, submitLabel = 'Update password' }: { onDone?: () => void; submitLabel?: string }) {
  const update = useUpdatePassword()
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({})

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const formEl = e.currentTarget
    const form = new FormData(formEl)
    const password = String(form.get('password') ?? '')
    const confirm = String(form.get('confirm') ?? '')
    const next = {
      password: validatePassword(password),
      confirm: password === confirm ? null : 'The passwords do not match',
    }
    setErrors(next)
    if (next.password || next.confirm) return
    update.mutate(password, {
      onSuccess: () => {
        formEl.reset()
        onDone?.()
      },
    })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-sm gap-4" aria-label="Change password">
      <Field label="New password" error={errors.password}>
        {(p) => <Input {...p} name="password" type="password" autoComplete="new-password" />}
      </Field>
      <Field label="Confirm new password" error={errors.confirm}>
        {(p) => <Input {...p} name="confirm" type="password" autoComplete="new-password" />}
      </Field>
      {/* The server's reason (weak_password: too short, or a common password). */}
      {update.isError ? <Alert variant="destructive">{update.error.message}</Alert> : null}
      <Button type="submit" className="justify-self-start" disabled={update.isPending}>
        {submitLabel}
      </Button>
    </form>
  )
}
