import {
  Bell,
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
  UserCircle,
  UsersThree,
  Archive,
  Flask,
} from '@phosphor-icons/react'
import { type ReactNode, Suspense, lazy } from 'react'
import { SidebarLink, SidebarSection } from '@/features/shell/components/sidebar-link'
import { TasksSidebarSkeleton } from '@/features/tasks/components/tasks-sidebar-skeleton'
import { SidebarSlot } from '@/features/shell/components/sidebar-slot'
import type { Area } from '@/features/shell/utils/modules'

type Render = (onNavigate?: () => void) => ReactNode

function Title({ children }: { children: ReactNode }) {
  return <p className="px-2.5 pt-1 pb-2 text-sm font-semibold">{children}</p>
}

// The task module's sidebar reads projects and smart filters: its code loads
// with the task screens (the dashboard at /app never needs it).
const TasksSidebar = lazy(() => import('@/features/tasks/components/tasks-sidebar'))

const tasks: Render = (onNavigate) => (
  <Suspense fallback={<TasksSidebarSkeleton />}>
    <TasksSidebar onNavigate={onNavigate} />
  </Suspense>
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
