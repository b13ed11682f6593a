import { GithubLogo, SlackLogo } from '@phosphor-icons/react'
import { SettingsPage, SettingsSection } from './settings-section'

const PROVIDERS = [
  { icon: SlackLogo, name: 'Slack', text: 'Post a message to a channel when you create a task.' },
  { icon: GithubLogo, name: 'GitHub', text: 'Create issues in your repositories from tasks.' },
] as const

export default function SettingsIntegrations() {
  return (
    <SettingsPage title="Integrations">
      <SettingsSection id="integrations" title="Connected services" description="Services Daybase can notify or create work in.">
        <ul className="grid gap-3">
          {PROVIDERS.map(({ icon: Icon, name, text }) => (
            <li key={name} className="flex items-start gap-3 rounded-lg border p-4">
              <Icon size={28} weight="duotone" aria-hidden />
              <div className="grid gap-0.5">
                <p className="font-medium">{name}</p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </SettingsSection>
    </SettingsPage>
  )
}
