import { Check } from '@phosphor-icons/react'
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { cn } from '@/lib/cn'

export type Swatch = { value: string; label: string; color: string }

type SwatchPickerProps = {
  /** The group's accessible name, e.g. 'Colour'. */
  label: string
  swatches: readonly Swatch[]
  value: string
  onValueChange: (value: string) => void
  className?: string
}

/** A row of colour choices, one radio each (arrow keys move, the name is each swatch's label). */
export function SwatchPicker({ label, swatches, value, onValueChange, className }: SwatchPickerProps) {
  return (
    <RadioGroupPrimitive.Root aria-label={label} value={value} onValueChange={onValueChange} className={cn('flex flex-wrap gap-2', className)}>
      {swatches.map((s) => (
        <RadioGroupPrimitive.Item
          key={s.value}
          value={s.value}
          aria-label={s.label}
          title={s.label}
          style={{ backgroundColor: s.color }}
          className="flex size-7 items-center justify-center rounded-full text-white shadow-xs ring-offset-2 ring-offset-background outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:ring-2 data-[state=checked]:ring-foreground/60"
        >
          <RadioGroupPrimitive.Indicator>
            <Check size={14} weight="bold" aria-hidden />
          </RadioGroupPrimitive.Indicator>
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  )
}
