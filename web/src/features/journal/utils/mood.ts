import { type Icon, Smiley, SmileyAngry, SmileyMeh, SmileySad, SmileyWink } from '@phosphor-icons/react'

/** The five moods (1 worst, 5 best; 0203's journal_entries.mood), each with its face. */
export const MOODS: readonly { value: number; label: string; icon: Icon; color: string }[] = [
  { value: 1, label: 'Awful', icon: SmileyAngry, color: '#ef4444' },
  { value: 2, label: 'Bad', icon: SmileySad, color: '#f97316' },
  { value: 3, label: 'Okay', icon: SmileyMeh, color: '#eab308' },
  { value: 4, label: 'Good', icon: Smiley, color: '#84cc16' },
  { value: 5, label: 'Great', icon: SmileyWink, color: '#22c55e' },
]

/** The mood nearest a value (an average of 3.6 is Good). */
export function moodOf(value: number | null | undefined) {
  if (value === null || value === undefined || Number.isNaN(value)) return null
  const i = Math.min(5, Math.max(1, Math.round(value))) - 1
  return MOODS[i] ?? null
}
