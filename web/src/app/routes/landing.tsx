import {
  ArrowCircleRight,
  BookOpen,
  CheckCircle,
  CheckSquare,
  HardDrives,
  KeyReturn,
  Fingerprint,
  Note,
  SquaresFour,
  Timer,
  UsersThree,
} from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'

export const AREAS = [
  { icon: CheckSquare, title: 'Tasks and projects', text: 'Capture tasks, group them in projects and view them through smart filters.' },
  { icon: SquaresFour, title: 'Eisenhower matrix', text: 'Sort work by importance and urgency and do the right thing first.' },
  { icon: Note, title: 'Notes', text: 'Keep notes in folders and link them to the tasks they belong to.' },
  { icon: BookOpen, title: 'Journal', text: 'Write dated entries with a mood, grouped in journals of your own.' },
  { icon: Timer, title: 'Focus timer', text: 'Work in Pomodoro sessions with breaks and daily goals.' },
  { icon: UsersThree, title: 'Teams', text: 'Share projects, assign tasks and follow what changed.' },
] as const

const PREVIEW_TASKS = [
  { title: 'Send the quarterly report', meta: 'Today · P1', done: true },
  { title: 'Review design feedback', meta: 'Today · Work', done: false },
  { title: 'Book train to Lyon', meta: 'Tomorrow · Personal', done: false },
  { title: 'Plan the team offsite', meta: 'Fri · Team', done: false },
] as const

const PROMISES = [
  { icon: HardDrives, title: 'Your server, your data', text: 'One program with its own database. Run it on a laptop, a small VPS or Kubernetes.' },
  { icon: Fingerprint, title: 'Private by default', text: 'Row-level security on every table, two-factor sign-in and Global Privacy Control.' },
  { icon: KeyReturn, title: 'Keyboard first', text: 'Quick add with Q, the command palette with Ctrl+K, and a shortcut for every command.' },
] as const

/** A still picture of the app's day view, drawn with the page's own styles (no image to wait for). */
function AppPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md select-none lg:max-w-none">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/25 via-primary/5 to-transparent blur-2xl" />
      <div className="overflow-hidden rounded-2xl border bg-card shadow-xl">
        <div className="flex items-center gap-1.5 border-b bg-muted/60 px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-red-400/80" />
          <span className="size-2.5 rounded-full bg-amber-400/80" />
          <span className="size-2.5 rounded-full bg-emerald-400/80" />
          <span className="ml-3 text-xs text-muted-foreground">Today</span>
        </div>
        <div className="grid gap-4 p-5">
          <div className="flex items-baseline justify-between">
            <p className="text-lg font-semibold">Good morning</p>
            <p className="text-xs text-muted-foreground">3 open · 1 done</p>
          </div>
          <ul className="grid gap-2">
            {PREVIEW_TASKS.map((t) => (
              <li key={t.title} className="flex items-center gap-3 rounded-lg border bg-background px-3 py-2">
                {t.done ? (
                  <CheckCircle size={18} weight="fill" className="text-primary" />
                ) : (
                  <span className="size-[18px] rounded-full border-2 border-muted-foreground/40" />
                )}
                <span className={t.done ? 'text-sm text-muted-foreground line-through' : 'text-sm'}>{t.title}</span>
                <span className="ml-auto text-xs text-muted-foreground">{t.meta}</span>
              </li>
            ))}
          </ul>
          <div className="flex items-center gap-4 rounded-lg bg-primary/10 p-3">
            <span className="flex size-12 items-center justify-center rounded-full border-4 border-primary border-r-primary/25 text-xs font-semibold text-primary">
              18:42
            </span>
            <div className="grid">
              <p className="text-sm font-medium">Focus session</p>
              <p className="text-xs text-muted-foreground">Review design feedback · 3 of 8 today</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}

export default function Landing() {
  return (
    <div className="grid gap-20 pb-20">
      <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 md:pt-20 lg:grid-cols-[1.1fr_1fr]">
        <div className="grid gap-6">
          <p className="justify-self-start rounded-full border bg-muted/50 px-3 py-1 text-xs font-medium text-muted-foreground">
            Tasks · Notes · Journal · Focus
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance md:text-6xl">
            Plan your day. Keep your notes. <span className="text-primary">Get things done.</span>
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            Daybase brings tasks, notes, a journal and a focus timer together for individuals and teams — on a server you run
            yourself.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/auth?mode=signup">
                Create a free account <ArrowCircleRight size={18} aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/features">See the features</Link>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">Free for 500 tasks and 100 notes. No card needed.</p>
        </div>
        <AppPreview />
      </section>

      <section aria-labelledby="areas-title" className="mx-auto grid w-full max-w-6xl gap-8 px-4">
        <div className="grid max-w-2xl gap-2">
          <h2 id="areas-title" className="text-3xl font-semibold tracking-tight">
            Everything in one place
          </h2>
          <p className="text-muted-foreground">Six tools that know about each other, so a note links to its task and a focus session counts toward it.</p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {AREAS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="grid gap-3 rounded-xl border bg-card p-6 transition-shadow hover:shadow-md">
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon size={24} weight="duotone" aria-hidden />
              </span>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="promises-title" className="border-y bg-muted/40">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16">
          <h2 id="promises-title" className="text-3xl font-semibold tracking-tight">
            Built to be yours
          </h2>
          <ul className="grid gap-8 md:grid-cols-3">
            {PROMISES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="grid content-start gap-2">
                <Icon size={28} weight="duotone" className="text-primary" aria-hidden />
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="start-title" className="mx-auto w-full max-w-6xl px-4">
        <div className="grid gap-6 rounded-2xl bg-primary px-6 py-12 text-primary-foreground md:grid-cols-[1fr_auto] md:items-center md:px-12">
          <div className="grid gap-2">
            <h2 id="start-title" className="text-3xl font-semibold tracking-tight">
              Start with today
            </h2>
            <p className="text-primary-foreground/85">Create an account in a minute; upgrade when you need more room or a team.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg" variant="secondary">
              <Link to="/auth?mode=signup">Get started free</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            >
              <Link to="/premium">See plans</Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  )
}
