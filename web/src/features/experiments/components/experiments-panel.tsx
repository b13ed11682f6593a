import { Flask } from '@phosphor-icons/react'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { useRequiredUser } from '@/lib/auth-store'
import { EXPERIMENTS, useExperiments, useSetExperiment } from '@/lib/experiments'

/** The experiments as switches, kept in the user's preferences (lib/experiments.ts). */
export function ExperimentsPanel() {
  const user = useRequiredUser()
  const flags = useExperiments(user.id)
  const set = useSetExperiment(user.id)
  return (
    <ul aria-label="Experiments" className="grid gap-4">
      {EXPERIMENTS.map((e) => (
        <li key={e.id} className="flex items-start justify-between gap-4">
          <div className="flex gap-3">
            <Flask size={18} weight="duotone" aria-hidden className="mt-0.5 shrink-0 text-primary" />
            <div className="grid gap-0.5">
              <Label htmlFor={`experiment-${e.id}`}>{e.name}</Label>
              <p className="text-xs text-muted-foreground">{e.description}</p>
            </div>
          </div>
          <Switch id={`experiment-${e.id}`} checked={flags[e.id] === true} onCheckedChange={(on) => set.mutate({ id: e.id, on })} />
        </li>
      ))}
    </ul>
  )
}
