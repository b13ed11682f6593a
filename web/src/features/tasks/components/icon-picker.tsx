import { useEffect, useState } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { ICON_WEIGHTS, type IconWeight } from '../utils/project-form'
import { ICON_CATEGORIES, loadIcon } from '../utils/project-icons'
import { ProjectIcon } from './project-icon'

type Props = {
  icon: string
  weight: IconWeight
  color: string
  onChange: (value: { icon?: string; weight?: IconWeight }) => void
}

/**
 * The icon picker (001 §2): about 20 categories and the six weights, each
 * icon drawn in the project's colour at the chosen weight.
 */
export function IconPicker({ icon, weight, color, onChange }: Props) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void Promise.all(ICON_CATEGORIES.flatMap((c) => c.icons.map(loadIcon))).then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [])
  return (
    <div className="grid gap-3">
      <div role="radiogroup" aria-label="Icon weight" className="flex flex-wrap gap-1">
        {ICON_WEIGHTS.map((w) => (
          <button
            key={w}
            type="button"
            role="radio"
            aria-checked={w === weight}
            onClick={() => onChange({ weight: w })}
            className={cn(
              'flex h-8 items-center gap-1.5 rounded-md border px-2 text-xs capitalize outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
              w === weight && 'border-primary bg-primary/10',
            )}
          >
            <ProjectIcon name={icon} weight={w} color={color} size={16} />
            {w}
          </button>
        ))}
      </div>
      {ready ? (
        <div className="grid max-h-64 gap-3 overflow-y-auto pr-1">
          {ICON_CATEGORIES.map((c) => (
            <fieldset key={c.name}>
              <legend className="mb-1 text-xs font-medium text-muted-foreground">{c.name}</legend>
              <div className="grid grid-cols-8 gap-1">
                {c.icons.map((name) => (
                  <button
                    key={name}
                    type="button"
                    aria-label={name.replace(/([a-z])([A-Z])/g, '$1 $2')}
                    aria-pressed={name === icon}
                    onClick={() => onChange({ icon: name })}
                    className={cn(
                      'flex aspect-square items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                      name === icon && 'bg-primary/15 ring-1 ring-primary',
                    )}
                  >
                    <ProjectIcon name={name} weight={weight} color={color} size={20} />
                  </button>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      ) : (
        <div className="flex h-64 items-center justify-center">
          <Spinner label="Loading icons" />
        </div>
      )}
    </div>
  )
}
