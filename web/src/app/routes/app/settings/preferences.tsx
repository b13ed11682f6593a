import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { formatShortcut, isMacPlatform } from '@/lib/shortcuts'
import { useSidebarStore } from '@/features/shell/stores/sidebar-store'
import { ThemeSettings } from '@/features/theme/components/theme-settings'
import { SettingsPage, SettingsSection } from './settings-section'

function SidebarSettings() {
  const open = useSidebarStore((s) => s.open)
  const setOpen = useSidebarStore((s) => s.setOpen)
  const isMac = isMacPlatform()
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor="show-module-sidebar">Show the module sidebar</Label>
        <Switch id="show-module-sidebar" checked={open} onCheckedChange={setOpen} />
      </div>
      <p className="text-xs text-muted-foreground">
        Toggle it anywhere with {formatShortcut({ key: 'b', mod: true }, isMac)} or M. The choice is kept for 7 days.
      </p>
    </div>
  )
}

export default function SettingsPreferences() {
  return (
    <SettingsPage title="Preferences">
      <SettingsSection id="theme" title="Theme" description="Colour scheme, colours and corners.">
        <ThemeSettings />
      </SettingsSection>
      <SettingsSection id="sidebar" title="Sidebar">
        <SidebarSettings />
      </SettingsSection>
    </SettingsPage>
  )
}
