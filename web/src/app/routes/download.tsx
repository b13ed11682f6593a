import { Browser, Terminal } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { InstallAppCard } from '@/features/install/components/install-app-card'

export default function Download() {
  return (
    <div className="mx-auto grid max-w-4xl gap-10 px-4 py-12 md:py-16">
      <div className="grid max-w-2xl gap-3">
        <h1 className="text-4xl font-bold tracking-tight">Use Daybase anywhere</h1>
        <p className="text-lg text-muted-foreground">
          Daybase runs in any modern browser on desktop and mobile, and installs as an app in one click.
        </p>
      </div>
      <InstallAppCard />
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="browser-title" className="grid content-start gap-3 rounded-2xl border p-6">
          <Browser size={26} weight="duotone" className="text-primary" aria-hidden />
          <h2 id="browser-title" className="text-lg font-semibold">
            In the browser
          </h2>
          <p className="text-sm text-muted-foreground">Nothing to install: sign in and your tasks, notes and timer are there, in step on every device.</p>
          <Button asChild variant="outline" className="justify-self-start">
            <Link to="/auth">Open Daybase</Link>
          </Button>
        </section>
        <section aria-labelledby="server-title" className="grid content-start gap-3 rounded-2xl border p-6">
          <Terminal size={26} weight="duotone" className="text-primary" aria-hidden />
          <h2 id="server-title" className="text-lg font-semibold">
            On your own server
          </h2>
          <p className="text-sm text-muted-foreground">
            The Daybase server is one program with the app and its database built in. Start it and open the address it prints:
          </p>
          <pre className="overflow-x-auto rounded-lg bg-muted px-3 py-2 font-mono text-xs">
            <code>daybase serve</code>
          </pre>
          <p className="text-sm text-muted-foreground">
            Or with Docker: <code className="rounded bg-muted px-1 py-0.5 text-xs">docker compose up</code> in <code className="rounded bg-muted px-1 py-0.5 text-xs">deploy/</code>.
          </p>
        </section>
      </div>
    </div>
  )
}
