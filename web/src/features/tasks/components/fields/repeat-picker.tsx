import { ArrowsClockwise } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import {
  MAX_INTERVAL,
  MIN_INTERVAL,
  REPEAT_TYPES,
  type Recurrence,
  clampInterval,
  describeRecurrence,
  parseRecurrence,
  serializeRecurrence,
} from '../../utils/recurrence'

type Props = {
  recurrence: string | null
  onChange: (recurrence: string | null) => void
}

/**
 * Repeat (001 §9): none, daily, weekly, monthly or yearly, and the
 * recurrence dialog for "every N" (1 to 30). What the stored rule holds
 * beyond these (days of the week from quick add, an end date) is kept.
 */
export function RepeatPicker({ recurrence, onChange }: Props) {
  const current = parseRecurrence(recurrence)
  const [dialog, setDialog] = useState(false)
  const [type, setType] = useState<Recurrence['type']>(current?.type ?? 'weekly')
  const [interval, setIntervalText] = useState(String(current?.interval ?? 1))
  const [error, setError] = useState<string | null>(null)
  // every! (issue 26): the next date follows the completion day (0530 "from").
  const [fromCompletion, setFromCompletion] = useState(current?.from === 'completion')

  const pick = (value: string) => {
    if (value === 'custom') {
      setType(current?.type && current.type !== 'custom' ? current.type : 'weekly')
      setIntervalText(String(current?.interval ?? 1))
      setFromCompletion(current?.from === 'completion')
      setError(null)
      setDialog(true)
      return
    }
    if (!value) return onChange(null)
    const next: Recurrence = { ...(current ?? {}), type: value as Recurrence['type'], interval: current?.type === value ? current.interval : 1 }
    onChange(serializeRecurrence(next))
  }

  const save = (e: FormEvent) => {
    e.preventDefault()
    const n = Number(interval)
    if (!Number.isInteger(n) || n < MIN_INTERVAL || n > MAX_INTERVAL) {
      setError(`Enter a whole number from ${MIN_INTERVAL} to ${MAX_INTERVAL}`)
      return
    }
    const rest: Record<string, unknown> = { ...(current ?? {}) }
    delete rest.from
    onChange(serializeRecurrence({ ...rest, type, interval: clampInterval(n), ...(fromCompletion ? { from: 'completion' } : {}) }))
    setDialog(false)
  }

  const selectValue = current ? (current.interval === 1 && current.type !== 'custom' && current.from !== 'completion' ? current.type : 'custom') : ''

  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <ArrowsClockwise size={16} className="shrink-0 text-muted-foreground" aria-hidden />
        <select
          aria-label="Repeat"
          value={selectValue}
          onChange={(e) => pick(e.target.value)}
          className="h-8 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <option value="">Does not repeat</option>
          {REPEAT_TYPES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
          <option value="custom">{selectValue === 'custom' ? describeRecurrence(current) : 'Custom…'}</option>
        </select>
      </div>
      <Dialog open={dialog} onOpenChange={setDialog}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Repeat</DialogTitle>
            <DialogDescription>The next occurrence is made when you complete this one.</DialogDescription>
          </DialogHeader>
          <form id="recurrence-form" noValidate onSubmit={save} className="grid grid-cols-2 gap-3">
            <Field label="Every" error={error}>
              {(p) => (
                <Input
                  {...p}
                  type="number"
                  min={MIN_INTERVAL}
                  max={MAX_INTERVAL}
                  value={interval}
                  onChange={(e) => {
                    setIntervalText(e.target.value)
                    setError(null)
                  }}
                />
              )}
            </Field>
            <Field label="Unit">
              {(p) => (
                <select
                  {...p}
                  value={type}
                  onChange={(e) => setType(e.target.value as Recurrence['type'])}
                  className="h-9 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {REPEAT_TYPES.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.unit}s
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <label className="col-span-2 flex items-center gap-2 text-sm">
              <Checkbox checked={fromCompletion} onCheckedChange={(v) => setFromCompletion(v === true)} />
              Repeat from the completion date
            </label>
          </form>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDialog(false)}>
              Cancel
            </Button>
            <Button type="submit" form="recurrence-form">
              Save repeat
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}
