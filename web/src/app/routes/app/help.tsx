import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { HelpArticles } from '@/features/help/components/help-articles'
import { useConsentStore } from '@/features/privacy/stores/consent-store'
import { ShortcutsTable } from '@/features/shell/components/shortcuts-table'
import { useAppCommands } from '../../layout/use-app-commands'
import { useHashSection } from './settings/use-hash-section'

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
          <HelpArticles />
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
          <div className="grid gap-2 text-sm text-muted-foreground">
            <p>
              Daybase keeps only what it needs to run your account. Analytics, location and marketing are off until you turn
              them on, and the use of sensitive data is limited. You can also opt out of the sale and sharing of your data.
            </p>
            <p>
              A browser that sends Global Privacy Control opts you out of sale and sharing automatically. Your choices are kept in
              this browser and, when you are signed in, on your account.
            </p>
          </div>
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
