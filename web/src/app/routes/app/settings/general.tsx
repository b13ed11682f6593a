import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { ProfileForm } from '@/features/auth/components/profile-form'
import { BackupsSection } from '@/features/backups/components/backups-section'
import { usePlan } from '@/features/billing/hooks/use-plan'
import { usePlanOverrideStore } from '@/features/billing/stores/plan-override-store'
import { PLAN_CAPS, type Plan } from '@/features/billing/utils/plans'
import { ExperimentsPanel } from '@/features/experiments/components/experiments-panel'
import { NotificationSettings } from '@/features/notifications/components/notification-settings'
import { SmartFiltersSettings } from '@/features/tasks/components/smart-filters-settings'
import { useSyncNow } from '../../../layout/use-sync-now'
import { SettingsPage, SettingsSection } from './settings-section'

const OVERRIDES: { value: Plan | 'server'; label: string }[] = [
  { value: 'server', label: 'Follow my subscription' },
  { value: 'free', label: 'Free' },
  { value: 'pro', label: 'Pro' },
  { value: 'team', label: 'Team' },
]

function Advanced() {
  const syncNow = useSyncNow()
  const override = usePlanOverrideStore((s) => s.override)
  const setOverride = usePlanOverrideStore((s) => s.setOverride)
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">Fetch everything on screen again from the server.</p>
        <Button variant="outline" className="justify-self-start" onClick={syncNow}>
          Sync now
        </Button>
      </div>
      <div className="grid gap-3">
        <h3 className="text-sm font-medium">Latest experiments</h3>
        <ExperimentsPanel />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Plan preview (this browser only)</legend>
        <p className="text-xs text-muted-foreground">
          Shows the app as on another plan, to try features. The server still enforces your real plan.
        </p>
        <RadioGroup value={override ?? 'server'} onValueChange={(v) => setOverride(v === 'server' ? null : (v as Plan))} aria-label="Plan preview">
          {OVERRIDES.map((o) => (
            <div key={o.value} className="flex items-center gap-2">
              <RadioGroupItem value={o.value} id={`plan-override-${o.value}`} />
              <Label htmlFor={`plan-override-${o.value}`}>{o.label}</Label>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
    </div>
  )
}

// The importer and papaparse load when the section is drawn, not with /app.
const ImportSection = lazy(() => import('@/features/tasks/import/import-section'))

const PLAN_NAMES: Record<Plan, string> = { free: 'Free', pro: 'Pro', team: 'Team' }

function Import() {
  const { plan } = usePlan()
  const caps = PLAN_CAPS[plan]
  return (
    <Suspense fallback={<Skeleton className="h-24 w-full" />}>
      <ImportSection
        caps={{
          planName: PLAN_NAMES[plan],
          projects: caps.projects,
          tasksTotal: caps.tasksTotal,
          tasksPerProject: caps.tasksPerProject,
          remindersPerTask: caps.remindersPerTask,
        }}
      />
    </Suspense>
  )
}

export default function SettingsGeneral() {
  return (
    <SettingsPage title="Settings">
      <SettingsSection id="account" title="Account" description="Your name and sign-in address.">
        <ProfileForm />
      </SettingsSection>
      <div id="smart-filters">
        <SettingsSection id="smart-lists" title="Smart lists" description="Saved filters that appear in the task sidebar.">
          <SmartFiltersSettings />
        </SettingsSection>
      </div>
      <SettingsSection id="notifications" title="Notifications" description="Where Daybase tells you about reminders, mentions and invitations.">
        <NotificationSettings />
      </SettingsSection>
      <SettingsSection id="collaborate" title="Collaborate" description="Teams share projects and tasks.">
        <Button asChild variant="outline" className="justify-self-start">
          <Link to="/app/teams">Open teams</Link>
        </Button>
      </SettingsSection>
      <SettingsSection id="backups" title="Backups" description="Keep a copy of your data.">
        <BackupsSection />
      </SettingsSection>
      <SettingsSection id="import" title="Import" description="Bring your tasks from Todoist, TickTick or any CSV.">
        <Import />
      </SettingsSection>
      <SettingsSection id="advanced" title="Advanced" description="Sync and experiments.">
        <Advanced />
      </SettingsSection>
      <SettingsSection id="about" title="About">
        <p className="text-sm text-muted-foreground">Daybase web app, version {__APP_VERSION__}.</p>
      </SettingsSection>
    </SettingsPage>
  )
}
