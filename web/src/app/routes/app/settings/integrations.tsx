import { usePlan } from '@/features/billing/hooks/use-plan'
import { AppPasswordsCard } from '@/features/calendar-sync/components/app-passwords-card'
import { CalendarSyncCard } from '@/features/calendar-sync/components/calendar-sync-card'
import { AuditLogList } from '@/features/integrations/components/audit-log-list'
import { GitHubCard } from '@/features/integrations/components/github-card'
import { SlackCard } from '@/features/integrations/components/slack-card'
import { SettingsPage, SettingsSection } from './settings-section'

export default function SettingsIntegrations() {
  const { plan, isLoading } = usePlan()
  return (
    <SettingsPage title="Integrations">
      <SettingsSection id="integrations" title="Connected services" description="Services Daybase can notify or create work in.">
        <div className="grid gap-4">
          <SlackCard />
          <GitHubCard />
        </div>
      </SettingsSection>
      <SettingsSection id="calendar-sync" title="Calendar sync" description="Your dated tasks in the calendar app you already use.">
        <CalendarSyncCard plan={plan} planLoading={isLoading} />
        <AppPasswordsCard plan={plan} planLoading={isLoading} />
      </SettingsSection>
      <SettingsSection id="integration-activity" title="Activity" description="What your integrations did, and when they were connected or changed.">
        <AuditLogList />
      </SettingsSection>
    </SettingsPage>
  )
}
