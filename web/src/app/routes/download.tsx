import { DownloadSimple } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'

export default function Download() {
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">Use Daybase anywhere</h1>
      <p className="text-muted-foreground">
        Daybase runs in any modern browser on desktop and mobile. Install it from your browser's menu (“Install app” or “Add to
        Home Screen”) to open it like a native app.
      </p>
      <section className="grid gap-2">
        <h2 className="text-xl font-semibold">Run your own server</h2>
        <p className="text-muted-foreground">
          The Daybase server is one program with the app built in. Start it with <code>daybase serve</code> and open the address
          it prints.
        </p>
      </section>
      <Button asChild className="justify-self-start">
        <Link to="/auth">
          <DownloadSimple size={16} aria-hidden />
          Open Daybase in the browser
        </Link>
      </Button>
    </div>
  )
}
