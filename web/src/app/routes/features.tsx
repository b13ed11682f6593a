import { BookOpen, Bell, CheckSquare, ShieldStar, PlugsConnected, SquaresFour, Timer, UsersThree } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'

const SECTIONS = [
  {
    icon: CheckSquare,
    title: 'Tasks, projects and smart filters',
    text: 'Write “Call Sam tomorrow at 9 #work p1” and Daybase fills in the date, project and priority.',
    points: ['Quick add with natural language', 'Projects shared with collaborators', 'Saved smart filters', 'Recurring tasks and reminders'],
  },
  {
    icon: SquaresFour,
    title: 'Eisenhower matrix',
    text: 'Drag tasks between Do, Schedule, Delegate and Eliminate; the matrix and the list stay in step.',
    points: ['Importance and urgency on every task', 'Works on the same tasks as the list', 'Keyboard moves between quadrants'],
  },
  {
    icon: BookOpen,
    title: 'Notes and journal',
    text: 'Rich notes in folders, and a journal of dated entries with a mood and pictures.',
    points: ['Folders and sharing by link', 'Dated journal entries with mood and images', 'Links between notes, entries and tasks'],
  },
  {
    icon: Timer,
    title: 'Focus',
    text: 'A Pomodoro timer that keeps time across tabs and devices, with breaks that start on their own.',
    points: ['Work, short and long breaks', 'Daily goals and streaks', 'Full-screen focus mode'],
  },
  {
    icon: UsersThree,
    title: 'Teams',
    text: 'Invite people by link or e-mail, give them a role, and see what changed in the activity log.',
    points: ['Team workspaces and roles', 'Invitations by link or e-mail', 'Comments with @mentions and an activity log'],
  },
  {
    icon: Bell,
    title: 'Reminders and notifications',
    text: 'In-app, browser and e-mail notifications, with a priority threshold per channel.',
    points: ['Advance, due and overdue reminders', 'Quiet channels per priority', 'Live updates across devices'],
  },
  {
    icon: PlugsConnected,
    title: 'Integrations and export',
    text: 'Post new tasks to a team chat, turn a task into a code-hosting issue, and take your data with you.',
    points: ['Chat webhook and GitHub issues', 'JSON and CSV export', 'An API your own tools can use'],
  },
  {
    icon: ShieldStar,
    title: 'Security and privacy',
    text: 'Sign in with a password or a provider, protect it with an authenticator app, keep the data on your server.',
    points: ['Two-factor authentication with backup codes', 'Your data on your own server', 'Privacy choices honouring Global Privacy Control'],
  },
] as const

export default function Features() {
  return (
    <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 md:py-16">
      <div className="grid max-w-2xl gap-3">
        <h1 className="text-4xl font-bold tracking-tight">Features</h1>
        <p className="text-lg text-muted-foreground">Everything you plan, write and focus on, in one app that is fast, private and yours to run.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {SECTIONS.map(({ icon: Icon, title, text, points }, i) => (
          <section key={title} aria-labelledby={`feature-${i}`} className="grid content-start gap-3 rounded-xl border bg-card p-6">
            <div className="flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon size={22} weight="duotone" aria-hidden />
              </span>
              <h2 id={`feature-${i}`} className="text-lg font-semibold">
                {title}
              </h2>
            </div>
            <p className="text-sm text-muted-foreground">{text}</p>
            <ul className="grid gap-1.5 text-sm">
              {points.map((p) => (
                <li key={p} className="flex gap-2">
                  <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden />
                  {p}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild size="lg">
          <Link to="/auth?mode=signup">Get started</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/premium">Compare plans</Link>
        </Button>
      </div>
    </div>
  )
}
