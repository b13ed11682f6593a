import { Bell, Plus, X } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { REMINDER_PRESETS, REMINDER_UNITS, type ReminderUnit, customReminderMinutes, reminderLabel, withReminder } from '../../utils/reminders'
import { useTasksEnvironment } from '../tasks-environment'

type Props = {
  reminders: readonly number[]
  onChange: (reminders: number[]) => void
  /** Reminders need a due date or time to count back from. */
  hasDue: boolean
}

/**
 * Reminders (001 §9): presets at the due time and 5, 15, 30, 60 minutes and
 * a day before, or a custom amount of minutes, hours, days or weeks. The
 * Free plan allows one per task: adding a second opens the paywall.
 */
export function ReminderPicker({ reminders, onChange, hasDue }: Props) {
  const env = useTasksEnvironment()
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState('')
  const [unit, setUnit] = useState<ReminderUnit>('minutes')

  const add = (minutes: number) => {
    if (reminders.includes(minutes)) return
    if (reminders.length >= env.remindersPerTask) {
      setOpen(false)
      env.showPaywall('Reminder limit reached for Free plan')
      return
    }
    onChange(withReminder(reminders, minutes))
  }

  const addCustom = (e: FormEvent) => {
    e.preventDefault()
    const minutes = customReminderMinutes(amount, unit)
    if (minutes === null) return
    add(minutes)
    setAmount('')
  }

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {reminders.map((m) => (
        <span key={m} className="inline-flex h-7 items-center gap-1 rounded-md bg-secondary pr-1 pl-2 text-xs">
          <Bell size={12} aria-hidden />
          {reminderLabel(m)}
          <button
            type="button"
            aria-label={`Remove reminder ${reminderLabel(m)}`}
            onClick={() => onChange(reminders.filter((r) => r !== m))}
            className="rounded p-0.5 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X size={12} aria-hidden />
          </button>
        </span>
      ))}
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button variant="outline" size="sm" disabled={!hasDue} title={hasDue ? undefined : 'Set a due date first'}>
            <Plus size={14} aria-hidden /> Add reminder
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-64" aria-label="Add a reminder">
          <div className="grid gap-1" role="group" aria-label="Reminder presets">
            {REMINDER_PRESETS.map((m) => (
              <Button
                key={m}
                variant="ghost"
                size="sm"
                className="justify-start"
                disabled={reminders.includes(m)}
                onClick={() => {
                  add(m)
                  setOpen(false)
                }}
              >
                {reminderLabel(m)}
              </Button>
            ))}
          </div>
          <form onSubmit={addCustom} className="mt-2 flex items-center gap-1.5 border-t pt-2">
            <input
              aria-label="Custom reminder amount"
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
              placeholder="10"
              className="h-8 w-14 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
            <select
              aria-label="Custom reminder unit"
              value={unit}
              onChange={(e) => setUnit(e.target.value as ReminderUnit)}
              className="h-8 flex-1 rounded-md border border-input bg-background px-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {REMINDER_UNITS.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label} before
                </option>
              ))}
            </select>
            <Button type="submit" size="sm" disabled={!amount}>
              Add
            </Button>
          </form>
        </PopoverContent>
      </Popover>
    </div>
  )
}
