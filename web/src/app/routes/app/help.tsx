import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { useConsentStore } from '@/features/privacy/stores/consent-store'
import { ShortcutsTable } from '@/features/shell/components/shortcuts-table'
import { useAppCommands } from '../../layout/use-app-commands'
import { useHashSection } from './settings/use-hash-section'

const TOPICS = [
  { q: 'How do I add a task quickly?', a: 'Press Q anywhere in the app, type a title and press Enter.' },
  { q: 'How do I protect my account?', a: 'Turn on two-factor authentication in Settings → Security and keep the backup codes somewhere safe.' },
  { q: 'I lost my authenticator app.', a: 'On the verification screen choose “Use a backup code”, or contact support from the same dialog.' },
  { q: 'How do I change the theme?', a: 'Settings → Preferences, the account menu, or Shift+D to switch between light and dark.' },
  { q: 'How do I export my data?', a: 'Settings → Backups downloads your tasks, notes and journal entries as a JSON file.' },
] as const

export default function Help() {
  const commands = useAppCommands()
  const openPrivacy = useConsentStore((s) => s.setDialogOpen)
  useHashSection()
  return (
    <div>
      <PageHeader title="Help" />
      <div className="mx-auto grid max-w-3xl gap-10 p-4 md:p-6">
        <section id="help-center" aria-labelledby="help-center-title" className="grid scroll-mt-4 gap-3">
          <h2 id="help-center-title" tabIndex={-1} className="text-lg font-semibold outline-none">
            Help center
          </h2>
          <dl className="grid gap-3">
            {TOPICS.map((t) => (
              <div key={t.q} className="rounded-lg border p-4">
                <dt className="font-medium">{t.q}</dt>
                <dd className="mt-1 text-sm text-muted-foreground">{t.a}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section id="shortcuts" aria-labelledby="shortcuts-title" className="grid scroll-mt-4 gap-3">
          <h2 id="shortcuts-title" tabIndex={-1} className="text-lg font-semibold outline-none">
            Keyboard shortcuts
          </h2>
          <ShortcutsTable commands={commands} />
        </section>
        <section id="privacy" aria-labelledby="privacy-title" className="grid scroll-mt-4 gap-3">
          <h2 id="privacy-title" tabIndex={-1} className="text-lg font-semibold outline-none">
            Privacy
          </h2>
          <p className="text-sm text-muted-foreground">Review what Daybase may do with your data. Global Privacy Control is honoured.</p>
          <Button variant="outline" className="justify-self-start" onClick={() => openPrivacy(true)}>
            Privacy choices
          </Button>
        </section>
        <section id="whats-new" aria-labelledby="whats-new-title" className="grid scroll-mt-4 gap-3">
          <h2 id="whats-new-title" tabIndex={-1} className="text-lg font-semibold outline-none">
            What's new
          </h2>
          <div id="changelog" className="grid gap-1 text-sm">
            <p className="font-medium">Version {__APP_VERSION__}</p>
            <ul className="list-disc pl-5 text-muted-foreground">
              <li>Accounts with Google and GitHub sign-in</li>
              <li>Two-factor authentication with backup codes</li>
              <li>Light and dark themes with 20 colour presets</li>
              <li>Privacy choices and plans</li>
            </ul>
          </div>
        </section>
      </div>
    </div>
  )
}
