import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DURATION_PRESETS, durationLabel, parseDuration } from '../../utils/duration'

const selectClass =
  'h-8 w-full rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring'
const CUSTOM = 'custom'

/**
 * How long a timed task lasts (issue 26): the height of its block in the
 * calendar's week and the length of its event in calendar feeds. Presets,
 * or a custom amount typed as "50", "1h 20m" or "2:15"; "Not set" clears
 * it (the calendar then draws 30 minutes).
 */
export function DurationField({ minutes, onChange }: { minutes: number | null; onChange: (minutes: number | null) => void }) {
  const [custom, setCustom] = useState<string | null>(null)
  const errorId = useId()
  const invalid = custom !== null && custom.trim() !== '' && parseDuration(custom) === null
  const preset = minutes === null || DURATION_PRESETS.includes(minutes)
  const choose = (value: string) => {
    if (value === CUSTOM) return setCustom(minutes === null ? '' : String(minutes))
    setCustom(null)
    onChange(value === '' ? null : Number(value))
  }
  const apply = (e: { preventDefault: () => void }) => {
    e.preventDefault()
    const next = parseDuration(custom ?? '')
    if (next === null) return
    onChange(next)
    setCustom(null)
  }
  return (
    <div className="grid gap-1.5">
      <select aria-label="Duration" className={selectClass} value={custom !== null ? CUSTOM : (minutes ?? '')} onChange={(e) => choose(e.target.value)}>
        <option value="">Not set</option>
        {DURATION_PRESETS.map((m) => (
          <option key={m} value={m}>
            {durationLabel(m)}
          </option>
        ))}
        {preset ? null : <option value={minutes ?? ''}>{durationLabel(minutes ?? 0)}</option>}
        <option value={CUSTOM}>Custom…</option>
      </select>
      {custom !== null ? (
        // Not a <form>: the editor may sit inside one (the modal's), and forms do not nest.
        <div className="flex items-center gap-1.5">
          <input
            aria-label="Custom duration"
            aria-invalid={invalid || undefined}
            aria-describedby={errorId}
            autoFocus
            value={custom}
            placeholder="e.g. 50 min, 1h 20m, 2:15"
            onChange={(e) => setCustom(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply(e)
              if (e.key === 'Escape') {
                e.stopPropagation()
                setCustom(null)
              }
            }}
            className="h-8 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
          />
          <Button type="button" size="sm" variant="secondary" disabled={parseDuration(custom) === null} onClick={apply}>
            Set
          </Button>
        </div>
      ) : null}
      <p id={errorId} className={invalid ? 'text-xs text-destructive' : 'sr-only'} role={invalid ? 'alert' : undefined}>
        {invalid ? 'Type a duration from 5 minutes to 24 hours, e.g. 50 min or 1h 20m.' : ''}
      </p>
    </div>
  )
}
