import { BookOpen, CheckSquare, Note, SquaresFour, Timer, UsersThree } from '@phosphor-icons/react'
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

export default function Landing() {
  return (
    <div className="mx-auto grid max-w-6xl gap-16 px-4 py-16">
      <section className="grid max-w-2xl gap-5">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Plan your day. Keep your notes. Get things done.</h1>
        <p className="text-lg text-muted-foreground">
          Daybase brings tasks, notes, a journal and a focus timer together for individuals and teams — on a server you run
          yourself.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/auth?mode=signup">Create a free account</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/features">See the features</Link>
          </Button>
        </div>
      </section>
      <section aria-labelledby="areas-title" className="grid gap-6">
        <h2 id="areas-title" className="text-2xl font-semibold">
          Everything in one place
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {AREAS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="grid gap-2 rounded-xl border p-5">
              <Icon size={28} weight="duotone" className="text-primary" aria-hidden />
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
