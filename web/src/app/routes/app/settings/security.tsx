import { UpdatePasswordForm } from '@/features/auth/components/update-password-form'
import { PasskeysSection } from '@/features/passkeys/components/passkeys-section'
import { TwoFactorSection } from '@/features/two-factor/components/two-factor-section'
import { SettingsPage, SettingsSection } from './settings-section'

export default function SettingsSecurity() {
  return (
    <SettingsPage title="Security">
      <SettingsSection id="two-factor" title="Two-factor authentication">
        <TwoFactorSection />
      </SettingsSection>
      <SettingsSection id="passkeys" title="Passkeys">
        <PasskeysSection />
      </SettingsSection>
      <SettingsSection id="password" title="Password">
        <UpdatePasswordForm />
      </SettingsSection>
    </SettingsPage>
  )
}
