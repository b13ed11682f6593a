import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { useRequiredUser } from '@/lib/auth-store'
import { DEFAULT_SETTINGS, type FocusSettings, useFocusSettings, useSaveSettings, validateSetting } from '../api/settings'
import { type RangedSetting, SETTING_RANGES } from '../utils/timer'

const RANGED = Object.keys(SETTING_RANGES) as RangedSetting[]

const SWITCHES: { key: 'auto_start_breaks' | 'auto_start_work' | 'show_timer_in_title' | 'enable_browser_notifications'; label: string; hint: string }[] = [
  { key: 'auto_start_breaks', label: 'Start breaks automatically', hint: 'A break begins a second after a focus session ends.' },
  { key: 'auto_start_work', label: 'Start focus automatically', hint: 'The next focus session begins a second after a break ends.' },
  { key: 'show_timer_in_title', label: 'Show the timer in the tab title', hint: 'See the time left from any tab.' },
  { key: 'enable_browser_notifications', label: 'Notify me when a session ends', hint: 'A browser notification, when you allow them.' },
]

/** The timer's settings (000 §3, §9), for this device; ranges checked here and by the server. */
export function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Timer settings</DialogTitle>
          <DialogDescription>Kept for this device; a new device starts from the settings you saved last.</DialogDescription>
        </DialogHeader>
        {open ? <SettingsForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function SettingsForm({ onDone }: { onDone: () => void }) {
  const user = useRequiredUser()
  const saved = useFocusSettings(user.id)
  const save = useSaveSettings(user.id)
  const [values, setValues] = useState<Record<RangedSetting, string>>(
    () => Object.fromEntries(RANGED.map((k) => [k, String(saved[k])])) as Record<RangedSetting, string>,
  )
  const [switches, setSwitches] = useState(() => Object.fromEntries(SWITCHES.map((s) => [s.key, saved[s.key]])) as Pick<FocusSettings, (typeof SWITCHES)[number]['key']>)
  const [touched, setTouched] = useState(false)
  const errors = Object.fromEntries(RANGED.map((k) => [k, validateSetting(k, Number(values[k]))])) as Record<RangedSetting, string | null>
  const invalid = RANGED.some((k) => errors[k])
  const permission = typeof Notification === 'undefined' ? 'denied' : Notification.permission

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (invalid) return
    const next = { ...switches, ...(Object.fromEntries(RANGED.map((k) => [k, Number(values[k])])) as Pick<FocusSettings, RangedSetting>) }
    save.mutate(next, { onSuccess: onDone })
  }
  const reset = () => {
    setValues(Object.fromEntries(RANGED.map((k) => [k, String(DEFAULT_SETTINGS[k])])) as Record<RangedSetting, string>)
    setSwitches(Object.fromEntries(SWITCHES.map((s) => [s.key, DEFAULT_SETTINGS[s.key]])) as typeof switches)
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Timer settings" className="grid gap-5">
      <div className="grid grid-cols-2 gap-3">
        {RANGED.map((k) => {
          const r = SETTING_RANGES[k]
          return (
            <Field key={k} label={r.label} hint={`${r.min}–${r.max} ${r.unit}`} error={touched ? errors[k] : null} className={k === 'sessions_until_long_break' ? 'col-span-2' : undefined}>
              {(props) => (
                <Input
                  {...props}
                  type="number"
                  inputMode="numeric"
                  min={r.min}
                  max={r.max}
                  step={1}
                  value={values[k]}
                  onChange={(e) => {
                    setTouched(true)
                    setValues((v) => ({ ...v, [k]: e.target.value }))
                  }}
                />
              )}
            </Field>
          )
        })}
      </div>
      <div className="grid gap-3">
        {SWITCHES.map((s) => (
          <div key={s.key} className="flex items-start justify-between gap-4">
            <div className="grid gap-0.5">
              <Label htmlFor={`focus-${s.key}`}>{s.label}</Label>
              <p className="text-xs text-muted-foreground">{s.hint}</p>
            </div>
            <Switch id={`focus-${s.key}`} checked={switches[s.key]} onCheckedChange={(v) => setSwitches((w) => ({ ...w, [s.key]: v }))} />
          </div>
        ))}
        {switches.enable_browser_notifications && permission === 'default' ? (
          <Button type="button" variant="link" className="h-auto justify-self-start p-0" onClick={() => void Notification.requestPermission()}>
            Allow notifications in this browser
          </Button>
        ) : null}
        {switches.enable_browser_notifications && permission === 'denied' ? (
          <p className="text-xs text-muted-foreground">Notifications are blocked for this site in your browser’s settings.</p>
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={reset} className="sm:mr-auto">
          Reset to defaults
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </DialogFooter>
    </form>
  )
}
