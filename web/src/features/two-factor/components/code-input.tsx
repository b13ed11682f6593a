import type { ComponentProps } from 'react'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { CODE_LENGTH } from '../api/verify'

type CodeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string
  onValueChange: (code: string) => void
  label?: string
}

/** A 6-digit one-time code field; anything but digits is dropped as it is typed. */
export function CodeInput({ value, onValueChange, label = 'Verification code', ...props }: CodeInputProps) {
  return (
    <Field label={label} hint="The 6-digit code from your authenticator app.">
      {(p) => (
        <Input
          {...p}
          {...props}
          value={value}
          onChange={(e) => onValueChange(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          className="max-w-40 font-mono text-lg tracking-[0.3em]"
        />
      )}
    </Field>
  )
}
