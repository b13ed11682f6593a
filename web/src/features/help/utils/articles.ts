/** One help-center article: a question a user asks, answered in a few steps. */
export type Article = { id: string; area: string; title: string; body: readonly string[] }

/**
 * The help center, one group per area of the app. Texts name what the
 * screens name (buttons, menus, shortcuts), so a user can follow them.
 */
export const ARTICLES: readonly Article[] = [
  {
    id: 'quick-add',
    area: 'Tasks',
    title: 'Add a task quickly',
    body: [
      'Press Q anywhere in the app (or use the + button), type a title and press Enter.',
      'Quick add understands dates and times ("tomorrow 9am", "every Monday"), a project with #, tags with @ and a priority with p1 to p4.',
    ],
  },
  {
    id: 'projects',
    area: 'Tasks',
    title: 'Organise tasks in projects and share them',
    body: [
      'Create a project from the tasks sidebar. Open its menu to rename, archive or share it.',
      'Sharing invites collaborators by e-mail; the Free plan allows 5 per project, Pro 25 and Team 100.',
    ],
  },
  {
    id: 'smart-filters',
    area: 'Tasks',
    title: 'Save a view as a smart filter',
    body: ['Filter the list by due date, priority, tags or project, then save it as a smart filter in the sidebar.', 'Free accounts keep 2 smart filters; Pro has no limit.'],
  },
  {
    id: 'recurring',
    area: 'Tasks',
    title: 'Repeat a task and get reminders',
    body: [
      'In the task pane, choose a repeat (daily, weekly on chosen days, monthly) and add reminders before the due time.',
      'Completing a repeating task creates the next one. Reminders arrive in the app, in the browser and by e-mail, as set in Settings → Notifications.',
    ],
  },
  {
    id: 'matrix',
    area: 'Eisenhower matrix',
    title: 'Sort work by importance and urgency',
    body: [
      'Open the matrix from the rail. Drag a task into Do, Schedule, Delegate or Eliminate; its importance and urgency change with it.',
      'The matrix shows the same tasks as the list, so completing one in either place completes it everywhere.',
    ],
  },
  {
    id: 'notes',
    area: 'Notes',
    title: 'Write and organise notes',
    body: ['Create a note with N or from the notes sidebar; drag notes into folders.', 'Link a note to a task from either side, and share a note or folder by link.'],
  },
  {
    id: 'journal',
    area: 'Journal',
    title: 'Keep a journal',
    body: ['Press J to open the journal and write today’s entry; add a mood and pictures.', 'The Free plan keeps 30 entries a month; Pro has no limit.'],
  },
  {
    id: 'pomodoro',
    area: 'Focus timer',
    title: 'Focus with the Pomodoro timer',
    body: [
      'Start a work session from the Pomodoro page; breaks follow, and a long break comes after the number of sessions you set.',
      'Tie a session to a task to see the focus time on it. The timer keeps time when the tab sleeps, and a thin bar under the rail’s icon shows it while you work elsewhere.',
    ],
  },
  {
    id: 'teams',
    area: 'Teams',
    title: 'Work in a team',
    body: [
      'Create a team from the account menu (Add a team), then invite people by link or e-mail and give each a role.',
      'Comments with @mentions notify the person mentioned; the activity log shows who changed what.',
    ],
  },
  {
    id: 'notifications',
    area: 'Notifications',
    title: 'Choose how you are notified',
    body: ['Settings → Notifications turns each channel (in the app, browser, e-mail) on or off and sets the lowest priority it tells you about.'],
  },
  {
    id: 'two-factor',
    area: 'Account and security',
    title: 'Protect your account with two-factor authentication',
    body: [
      'Settings → Security → Enable two-factor: scan the QR code with an authenticator app and enter the 6-digit code.',
      'Keep the backup codes somewhere safe: each one signs you in once if you lose your phone.',
    ],
  },
  {
    id: 'lost-authenticator',
    area: 'Account and security',
    title: 'I lost my authenticator app',
    body: [
      'On the verification screen choose “Use a backup code” and enter one of your codes.',
      'Without codes, choose “Contact support” in the same dialog; support answers within 24–48 hours.',
    ],
  },
  {
    id: 'plans',
    area: 'Plans and billing',
    title: 'Upgrade, change or cancel a plan',
    body: [
      'Settings → Billing shows your plan and its limits. Upgrade to Pro there, or buy Team from a team’s settings.',
      'Manage billing opens the billing portal to change the plan, update the card or cancel.',
    ],
  },
  {
    id: 'integrations',
    area: 'Integrations',
    title: 'Connect a team chat or GitHub',
    body: [
      'Settings → Integrations: paste a chat webhook URL to post new tasks to a channel, or a GitHub token to create issues from a task’s menu.',
      'Tokens stay on the server; the app only shows whether one is set.',
    ],
  },
  {
    id: 'export',
    area: 'Your data',
    title: 'Export your data',
    body: ['Settings → Backups downloads your profile, tasks, notes and journal entries as one JSON file, or your tasks as CSV.'],
  },
  {
    id: 'appearance',
    area: 'Your data',
    title: 'Change the theme',
    body: ['Settings → Preferences picks light, dark or system, a colour preset and the corner radius. Shift+D switches light and dark anywhere.'],
  },
  {
    id: 'install',
    area: 'Your data',
    title: 'Install Daybase as an app',
    body: ['Open the Download page (/download) and choose Install, or use the browser’s menu (Install app, Add to Home Screen).'],
  },
]

/** Articles whose title or text contains every word of the query. */
export function searchArticles(query: string, articles: readonly Article[] = ARTICLES): Article[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  return articles.filter((a) => {
    const text = [a.area, a.title, ...a.body].join(' ').toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

/** The areas in the order they first appear, each with its articles. */
export function byArea(articles: readonly Article[]): [string, Article[]][] {
  const groups = new Map<string, Article[]>()
  for (const a of articles) groups.set(a.area, [...(groups.get(a.area) ?? []), a])
  return [...groups]
}
