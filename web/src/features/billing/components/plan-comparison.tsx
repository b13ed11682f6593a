import { Check, Minus } from '@phosphor-icons/react'
import { PLAN_CAPS, type Plan, UNLIMITED } from '../utils/plans'

type Cap = keyof (typeof PLAN_CAPS)['free']

/** The rows of the comparison, in the order of spec 000 §9, with how each reads. */
const ROWS: { cap: Cap; label: string; unit?: (n: number) => string }[] = [
  { cap: 'projects', label: 'Projects' },
  { cap: 'tasksTotal', label: 'Tasks' },
  { cap: 'tasksPerProject', label: 'Tasks per project' },
  { cap: 'subtasksPerTask', label: 'Subtasks per task' },
  { cap: 'notesTotal', label: 'Notes' },
  { cap: 'journalMonthly', label: 'Journal entries a month' },
  { cap: 'tagsTotal', label: 'Tags' },
  { cap: 'smartFilters', label: 'Smart filters' },
  { cap: 'remindersPerTask', label: 'Reminders per task' },
  { cap: 'attachmentsPerDay', label: 'Attachments a day' },
  { cap: 'attachmentMaxMB', label: 'Largest attachment', unit: (n) => `${n} MB` },
  { cap: 'storageTotalMB', label: 'Storage', unit: (n) => (n >= 1000 ? `${n / 1000} GB` : `${n} MB`) },
  { cap: 'collaboratorsPerProject', label: 'Collaborators per project' },
  { cap: 'historyMonths', label: 'Activity history', unit: (n) => (n === 0 ? 'This month' : `${n} months`) },
  { cap: 'calendarSync', label: 'Calendar sync' },
]

const PLANS: { plan: Plan; name: string }[] = [
  { plan: 'free', name: 'Free' },
  { plan: 'pro', name: 'Pro' },
  { plan: 'team', name: 'Team' },
]

function Value({ value, unit }: { value: number | boolean; unit?: (n: number) => string }) {
  if (typeof value === 'boolean')
    return value ? (
      <Check size={18} weight="bold" className="mx-auto text-primary" aria-label="Yes" />
    ) : (
      <Minus size={18} className="mx-auto text-muted-foreground" aria-label="No" />
    )
  if (value === UNLIMITED) return <span>Unlimited</span>
  return <span>{unit ? unit(value) : value.toLocaleString('en-US')}</span>
}

/** What each plan allows (PLAN_CAPS, the same numbers the server enforces), side by side. */
export function PlanComparison() {
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full min-w-[20rem] border-collapse text-sm">
        <caption className="sr-only">What each plan includes</caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className="px-3 py-3 text-left font-medium sm:px-4">
              Limit
            </th>
            {PLANS.map((p) => (
              <th key={p.plan} scope="col" className="w-20 px-2 py-3 text-center font-semibold sm:w-28 sm:px-4">
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((r) => (
            <tr key={r.cap} className="border-t">
              <th scope="row" className="px-3 py-2.5 text-left font-normal text-muted-foreground sm:px-4">
                {r.label}
              </th>
              {PLANS.map((p) => (
                <td key={p.plan} className="px-2 py-2.5 text-center tabular-nums sm:px-4">
                  <Value value={PLAN_CAPS[p.plan][r.cap]} unit={r.unit} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
