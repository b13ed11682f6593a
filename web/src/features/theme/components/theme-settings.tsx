import { Check } from '@phosphor-icons/react'
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Switch } from '@/components/ui/switch'
import { Button } from '@/components/ui/button'
import { useRequiredUser } from '@/lib/auth-store'
import { useAppearance, useSaveAppearance } from '../api/appearance'
import { type ThemeMode, useThemeStore } from '../stores/theme-store'
import { RADIUS_OPTIONS, THEME_PRESETS, type ThemePresetId, presetColors } from '../utils/presets'
import { useResolvedTheme } from '../hooks/use-resolved-theme'

const MODES: { value: ThemeMode; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
]

export function ThemeSettings() {
  const user = useRequiredUser()
  const { mode, preset, radius, customPrimary, setMode, setPreset, setRadius, setCustomPrimary } = useThemeStore()
  const dark = useResolvedTheme() === 'dark'
  const showBackground = useAppearance(user.id, 'showDashboardBackground')
  const darkSidebar = useAppearance(user.id, 'darkSidebarInLightMode')
  const save = useSaveAppearance(user.id)

  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Colour scheme</legend>
        <RadioGroup
          value={mode}
          onValueChange={(v) => setMode(v as ThemeMode)}
          className="flex flex-wrap gap-4"
          aria-label="Colour scheme"
        >
          {MODES.map((m) => (
            <div key={m.value} className="flex items-center gap-2">
              <RadioGroupItem value={m.value} id={`theme-mode-${m.value}`} />
              <Label htmlFor={`theme-mode-${m.value}`}>{m.label}</Label>
            </div>
          ))}
        </RadioGroup>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Colour preset</legend>
        <RadioGroupPrimitive.Root
          value={customPrimary ? '' : preset}
          onValueChange={(v) => setPreset(v as ThemePresetId)}
          aria-label="Colour preset"
          className="grid grid-cols-5 gap-2 sm:grid-cols-10"
        >
          {THEME_PRESETS.map((p) => (
            <RadioGroupPrimitive.Item
              key={p.id}
              value={p.id}
              aria-label={p.name}
              title={p.name}
              className="flex aspect-square items-center justify-center rounded-md border-2 border-transparent text-white outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 data-[state=checked]:border-foreground"
              style={{ background: presetColors(p.id, dark).primary }}
            >
              <RadioGroupPrimitive.Indicator>
                <Check size={14} weight="bold" aria-hidden />
              </RadioGroupPrimitive.Indicator>
            </RadioGroupPrimitive.Item>
          ))}
        </RadioGroupPrimitive.Root>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Label htmlFor="custom-primary">Custom colour</Label>
          <input
            id="custom-primary"
            type="color"
            value={customPrimary ?? '#4f46e5'}
            onChange={(e) => setCustomPrimary(e.target.value)}
            className="h-8 w-12 cursor-pointer rounded border bg-background"
          />
          {customPrimary ? (
            <Button variant="ghost" size="sm" onClick={() => setCustomPrimary(null)}>
              Use preset
            </Button>
          ) : null}
        </div>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Corner radius</legend>
        <RadioGroup
          value={String(radius)}
          onValueChange={(v) => setRadius(Number(v))}
          className="flex flex-wrap gap-4"
          aria-label="Corner radius"
        >
          {RADIUS_OPTIONS.map((r) => (
            <div key={r} className="flex items-center gap-2">
              <RadioGroupItem value={String(r)} id={`radius-${r}`} />
              <Label htmlFor={`radius-${r}`}>{r} rem</Label>
            </div>
          ))}
        </RadioGroup>
      </fieldset>

      <div className="grid gap-4">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="dashboard-background">Dashboard background</Label>
          <Switch
            id="dashboard-background"
            checked={showBackground}
            onCheckedChange={(value) => save.mutate({ setting: 'showDashboardBackground', value })}
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="dark-sidebar">Dark sidebar in light mode</Label>
          <Switch
            id="dark-sidebar"
            checked={darkSidebar}
            onCheckedChange={(value) => save.mutate({ setting: 'darkSidebarInLightMode', value })}
          />
        </div>
      </div>
    </div>
  )
}
