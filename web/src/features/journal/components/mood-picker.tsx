import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { cn } from '@/lib/cn'
import { MOODS } from '../utils/mood'

/** Five moods with faces (1 Awful … 5 Great); choosing the chosen one again clears it. */
export function MoodPicker({ value, onChange, disabled }: { value: number | null; onChange: (mood: number | null) => void; disabled?: boolean }) {
  return (
    <RadioGroupPrimitive.Root
      aria-label="Mood"
      value={value === null ? '' : String(value)}
      onValueChange={(v) => onChange(v ? Number(v) : null)}
      disabled={disabled}
      orientation="horizontal"
      className="flex items-center gap-1"
    >
      {MOODS.map((m) => {
        const on = value === m.value
        return (
          <RadioGroupPrimitive.Item
            key={m.value}
            value={String(m.value)}
            aria-label={m.label}
            title={m.label}
            onClick={() => {
              if (on) onChange(null)
            }}
            className={cn(
              'flex size-9 items-center justify-center rounded-full text-muted-foreground outline-none transition-transform hover:scale-110 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
              on && 'scale-110 bg-accent',
            )}
          >
            <m.icon size={24} weight={on ? 'fill' : 'regular'} aria-hidden style={on ? { color: m.color } : undefined} />
          </RadioGroupPrimitive.Item>
        )
      })}
    </RadioGroupPrimitive.Root>
  )
}
