/**
 * tasks.reminders: minutes before the due moment (001 §3). Presets 0, 5,
 * 15, 30, 60 and 1440 minutes; custom amounts in minutes, hours, days or
 * weeks, digits only, floored at 0 (001 §5, §9). The Free plan allows one
 * reminder per task; the server holds the same cap.
 */
export const REMINDER_PRESETS: readonly number[] = [0, 5, 15, 30, 60, 1440]

export const REMINDER_UNITS = [
  { value: 'minutes', label: 'Minutes', minutes: 1 },
  { value: 'hours', label: 'Hours', minutes: 60 },
  { value: 'days', label: 'Days', minutes: 1440 },
  { value: 'weeks', label: 'Weeks', minutes: 10080 },
] as const

export type ReminderUnit = (typeof REMINDER_UNITS)[number]['value']

/** The server's ceiling for one reminder: a year before (0105: 0–525600). */
export const MAX_REMINDER_MINUTES = 525_600

/** A custom reminder in minutes: the digits of amount times the unit, floored at 0; null without digits. */
export function customReminderMinutes(amount: string, unit: ReminderUnit): number | null {
  const digits = amount.replace(/\D/g, '')
  if (!digits) return null
  const per = REMINDER_UNITS.find((u) => u.value === unit)?.minutes ?? 1
  return Math.min(MAX_REMINDER_MINUTES, Math.max(0, Number(digits) * per))
}

/** 'At due time', '15 minutes before', '1 hour before', '2 days before', '1 week before'. */
export function reminderLabel(minutes: number): string {
  if (minutes <= 0) return 'At due time'
  const units: [number, string][] = [
    [10080, 'week'],
    [1440, 'day'],
    [60, 'hour'],
  ]
  for (const [per, name] of units) {
    if (minutes % per === 0) {
      const n = minutes / per
      return `${n} ${name}${n === 1 ? '' : 's'} before`
    }
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'} before`
}

/** Adds a reminder, keeping the list sorted and without duplicates. */
export function withReminder(reminders: readonly number[], minutes: number): number[] {
  return [...new Set([...reminders, minutes])].sort((a, b) => a - b)
}
