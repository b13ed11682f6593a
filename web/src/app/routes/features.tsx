import { Link } from 'react-router'
import { Button } from '@/components/ui/button'

const SECTIONS = [
  {
    title: 'Tasks, projects and smart filters',
    points: ['Quick add with natural language', 'Projects shared with collaborators', 'Saved smart filters', 'Recurring tasks and reminders'],
  },
  { title: 'Notes and journal', points: ['Folders and sharing', 'Dated journal entries with mood and images', 'Links between notes, entries and tasks'] },
  { title: 'Focus', points: ['Pomodoro timer with breaks', 'Daily goals and streaks', 'Full-screen focus mode'] },
  { title: 'Teams', points: ['Team workspaces and roles', 'Invitations by link or e-mail', 'Comments with @mentions and an activity log'] },
  { title: 'Security and privacy', points: ['Two-factor authentication with backup codes', 'Your data on your own server', 'Privacy choices honouring Global Privacy Control'] },
] as const

export default function Features() {
  return (
    <div className="mx-auto grid max-w-4xl gap-10 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">Features</h1>
      {SECTIONS.map((s) => (
        <section key={s.title} className="grid gap-2">
          <h2 className="text-xl font-semibold">{s.title}</h2>
          <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
            {s.points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      ))}
      <Button asChild className="justify-self-start">
        <Link to="/auth?mode=signup">Get started</Link>
      </Button>
    </div>
  )
}
