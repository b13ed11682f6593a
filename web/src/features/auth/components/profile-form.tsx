import { type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { fullNameOf, useRequiredUser } from '@/lib/auth-store'
import { useUpdateProfile } from '../api/update-profile'

export function ProfileForm() {
  const user = useRequiredUser()
  const update = useUpdateProfile()

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const fullName = String(new FormData(e.currentTarget).get('fullName') ?? '')
    update.mutate(fullName)
  }

  return (
    <form onSubmit={onSubmit} className="grid max-w-sm gap-4" aria-label="Profile">
      <Field label="Email" hint="Your sign-in address.">
        {(p) => <Input {...p} value={user.email ?? ''} readOnly />}
      </Field>
      <Field label="Full name">
        {(p) => <Input {...p} name="fullName" autoComplete="name" defaultValue={fullNameOf(user)} />}
      </Field>
      <Button type="submit" className="justify-self-start" disabled={update.isPending}>
        Save profile
      </Button>
    </form>
  )
}
