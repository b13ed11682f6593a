import { AppWindow, CheckCircle, DeviceMobile, Export } from '@phosphor-icons/react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { promptInstall } from '@/lib/install-prompt'
import { useInstallState } from '../hooks/use-install-state'

/**
 * Install Daybase as an app: the browser's own install dialog when it
 * offers one (Chromium: Chrome, Edge, Android), the steps for Safari
 * otherwise, and a note once installed.
 */
export function InstallAppCard() {
  const state = useInstallState()
  const [answer, setAnswer] = useState<'accepted' | 'dismissed' | 'unavailable' | null>(null)
  const install = async () => setAnswer(await promptInstall())

  return (
    <section aria-labelledby="install-title" className="grid gap-5 rounded-2xl border bg-card p-6 shadow-sm md:p-8">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <AppWindow size={26} weight="duotone" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h2 id="install-title" className="text-xl font-semibold">
            Install the app
          </h2>
          <p className="text-muted-foreground">
            Daybase opens in its own window, from your dock, start menu or home screen, and starts where you left off.
          </p>
        </div>
      </div>
      {state === 'installed' || answer === 'accepted' ? (
        <p role="status" className="flex items-center gap-2 font-medium text-emerald-700 dark:text-emerald-400">
          <CheckCircle size={20} weight="fill" aria-hidden /> Daybase is installed. Open it from your apps.
        </p>
      ) : state === 'ready' ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button size="lg" onClick={() => void install()}>
            <AppWindow size={18} aria-hidden /> Install Daybase
          </Button>
          <span className="text-sm text-muted-foreground">Free, no store needed, about 1 MB.</span>
        </div>
      ) : (
        <div className="grid gap-3 text-sm">
          {answer === 'dismissed' ? (
            <p role="status" className="text-muted-foreground">
              Not installed. You can install it later from the browser's menu.
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1 rounded-lg border p-4">
              <p className="flex items-center gap-2 font-medium">
                <AppWindow size={18} aria-hidden /> Chrome, Edge and Android
              </p>
              <p className="text-muted-foreground">
                Open the browser's menu and choose <strong className="text-foreground">Install Daybase</strong> (or{' '}
                <strong className="text-foreground">Add to Home screen</strong>).
              </p>
            </div>
            <div className="grid gap-1 rounded-lg border p-4">
              <p className="flex items-center gap-2 font-medium">
                <DeviceMobile size={18} aria-hidden /> Safari on iPhone, iPad and Mac
              </p>
              <p className="text-muted-foreground">
                Tap <Export size={14} className="inline align-[-2px]" aria-label="Share" /> Share, then{' '}
                <strong className="text-foreground">Add to Home Screen</strong> (on a Mac: File → Add to Dock).
              </p>
            </div>
          </div>
        </div>
      )}
    </section>
  )
}
