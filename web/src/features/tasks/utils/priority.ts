/**
 * Priority as stored (docs/decisions.md, "One priority scale"): 0 none,
 * 1 low, 2 medium, 3 high, 4 urgent. The task screens speak 001 §3's
 * task-field numbering, P1 urgent … P4 low (stored = 5 − n), and colour
 * P1 red, P2 orange, P3 blue, P4 gray.
 */
export type Priority = 0 | 1 | 2 | 3 | 4

export type PriorityOption = {
  value: Priority
  /** 'P1' … 'P4', or 'None'. */
  short: string
  label: string
  /** A colour class for text and icons. */
  tone: string
  /** The completion checkbox's ring. */
  ring: string
}

export const PRIORITIES: readonly PriorityOption[] = [
  { value: 4, short: 'P1', label: 'Priority 1 (urgent)', tone: 'text-red-600 dark:text-red-400', ring: 'border-red-500 bg-red-500/10' },
  { value: 3, short: 'P2', label: 'Priority 2 (high)', tone: 'text-orange-600 dark:text-orange-400', ring: 'border-orange-500 bg-orange-500/10' },
  { value: 2, short: 'P3', label: 'Priority 3 (medium)', tone: 'text-blue-600 dark:text-blue-400', ring: 'border-blue-500 bg-blue-500/10' },
  { value: 1, short: 'P4', label: 'Priority 4 (low)', tone: 'text-gray-500 dark:text-gray-400', ring: 'border-gray-400 bg-gray-400/10' },
  { value: 0, short: 'None', label: 'No priority', tone: 'text-muted-foreground', ring: 'border-muted-foreground/50' },
]

export function priorityOption(stored: number): PriorityOption {
  return PRIORITIES.find((p) => p.value === stored) ?? (PRIORITIES[PRIORITIES.length - 1] as PriorityOption)
}

/** Importance and urgency (0..3) as the matrix and the pane name them. */
export const LEVELS = [
  { value: 0, label: 'None' },
  { value: 1, label: 'Low' },
  { value: 2, label: 'Medium' },
  { value: 3, label: 'High' },
] as const
