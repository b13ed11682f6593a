import {
  Bell,
  CalendarBlank,
  CalendarCheck,
  CreditCard,
  Funnel,
  Gear,
  Info,
  Keyboard,
  Lifebuoy,
  Megaphone,
  Palette,
  Plugs,
  ShieldCheck,
  SidebarSimple,
  Tray,
  UserCircle,
  UsersThree,
  Archive,
  Flask,
  ListChecks,
} from '@phosphor-icons/react'
import type { ReactNode } from 'react'
import { SidebarLink, SidebarSection } from '@/features/shell/components/sidebar-link'
import { SidebarSlot } from '@/features/shell/components/sidebar-slot'
import type { Area } from '@/features/shell/utils/modules'

type Render = (onNavigate?: () => void) => ReactNode

function Title({ children }: { children: ReactNode }) {
  return <p className="px-2.5 pt-1 pb-2 text-sm font-semibold">{children}</p>
}

const tasks: Render = (onNavigate) => (
  <div className="grid gap-1">
    <Title>Tasks</Title>
    <SidebarLink to="/app/tasks?view=inbox" label="Inbox" icon={Tray} matchSearch onNavigate={onNavigate} />
    <SidebarLink to="/app/tasks?view=today" label="Today" icon={CalendarCheck} matchSearch onNavigate={onNavigate} />
    <SidebarLink to="/app/tasks?view=upcoming" label="Upcoming" icon={CalendarBlank} matchSearch onNavigate={onNavigate} />
    <SidebarLink to="/app/tasks" label="All tasks" icon={ListChecks} matchSearch onNavigate={onNavigate} />
    <SidebarSection title="Smart filters">
      <SidebarLink to="/app/settings#smart-filters" label="Manage smart filters" icon={Funnel} onNavigate={onNavigate} />
    </SidebarSection>
  </div>
)

// Notes and journal draw their own sidebars (folders, journals, counts,
// drop targets), loaded with their routes: the shell keeps the place.
const notes: Render = (onNavigate) => <SidebarSlot onNavigate={onNavigate} />
const journal: Render = (onNavigate) => <SidebarSlot onNavigate={onNavigate} />

const settings: Render = (onNavigate) => (
  <div className="grid gap-1">
    <Title>Settings</Title>
    <SidebarLink to="/app/settings" label="General" icon={Gear} onNavigate={onNavigate} />
    <SidebarLink to="/app/settings/preferences" label="Preferences" icon={Palette} onNavigate={onNavigate} />
    <SidebarLink to="/app/settings/security" label="Security" icon={ShieldCheck} onNavigate={onNavigate} />
    <SidebarLink to="/app/settings/billing" label="Billing" icon={CreditCard} onNavigate={onNavigate} />
    <SidebarLink to="/app/settings/integrations" label="Integrations" icon={Plugs} onNavigate={onNavigate} />
    <SidebarSection title="Sections">
      <SidebarLink to="/app/settings#account" label="Account" icon={UserCircle} onNavigate={onNavigate} />
      <SidebarLink to="/app/settings#smart-lists" label="Smart lists" icon={Funnel} onNavigate={onNavigate} />
      <SidebarLink to="/app/settings/preferences#theme" label="Theme" icon={Palette} onNavigate={onNavigate} />
      <SidebarLink to="/app/settings/preferences#sidebar" label="Sidebar" icon={SidebarSimple} onNavigate={onNavigate} />
      <SidebarLink to="/app/settings#notifications" label="Notifications" icon={Bell} onNavigate={onNavigate} />
      <SidebarLink to="/app/settings#collaborate" label="Collaborate" icon={UsersThree} onNavigate={onNavigate} />
      <SidebarLink to="/app/settings#backups" label="Backups" icon={Archive} onNavigate={onNavigate} />
      <SidebarLink to="/app/settings/billing#subscription" label="Subscription" icon={CreditCard} onNavigate={onNavigate} />
      <SidebarLink to="/app/settings#advanced" label="Advanced" icon={Flask} onNavigate={onNavigate} />
      <SidebarLink to="/app/settings#about" label="About" icon={Info} onNavigate={onNavigate} />
    </SidebarSection>
  </div>
)

const help: Render = (onNavigate) => (
  <div className="grid gap-1">
    <Title>Help</Title>
    <SidebarLink to="/app/help#help-center" label="Help center" icon={Lifebuoy} onNavigate={onNavigate} />
    <SidebarLink to="/app/help#shortcuts" label="Keyboard shortcuts" icon={Keyboard} onNavigate={onNavigate} />
    <SidebarLink to="/app/help#privacy" label="Privacy" icon={ShieldCheck} onNavigate={onNavigate} />
    <SidebarLink to="/app/help#whats-new" label="What's new" icon={Megaphone} onNavigate={onNavigate} />
  </div>
)

/** Module sidebars of the areas that have one (spec 000 §2). */
export const MODULE_SIDEBARS: Partial<Record<Area, Render>> = { tasks, notes, journal, settings, help }
