import { test } from '../fixtures'
import { insert, select } from '../db'
import { expect, openButton, pane, row, shootAll, sidebar, signedIn } from '../tasks-helpers'

// The built-in views of 001 §2 (?view=), the project and smart filter
// routes, and the rows, against tasks written straight to the database.

/** Calendar days around today in a zone ('yyyy-MM-dd'). */
function day(zone: string, offset: number): string {
  const now = new Date(Date.now() + offset * 86_400_000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

test.describe('in the browser’s zone', () => {
  test.use({ timezoneId: 'America/New_York' })

  /** The tasks both tests read: one per view, a project, a parent with two subtasks. */
  async function seed(userId: string) {
    const zone = 'America/New_York'
    const [project] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Garden', color: '#22c55e' })
    const parent = await insert<{ id: string }>('tasks', [
      { user_id: userId, title: 'Overdue invoice', due_date: day(zone, -2), priority: 4 },
      { user_id: userId, title: 'Call the plumber', due_date: day(zone, 0), priority: 3, tags: 'home, urgent' },
      { user_id: userId, title: 'Water the roses', due_date: day(zone, 1), project_id: project?.id },
      { user_id: userId, title: 'Plan the trip', due_date: day(zone, 3) },
      { user_id: userId, title: 'Read a book' },
      { user_id: userId, title: 'Learn the cello', priority: 1 },
      { user_id: userId, title: 'Filed taxes', is_completed: true },
    ])
    const plumber = parent[1]?.id
    await insert('tasks', [
      { user_id: userId, title: 'Find the number', parent_id: plumber, is_completed: true },
      { user_id: userId, title: 'Book a slot', parent_id: plumber },
    ])
    return { project, parent }
  }

  test('every built-in view shows its tasks, in order, with ?view=', async ({ page, account }) => {
    // Eight full page loads: slow on a shared machine.
    test.slow()
    await seed(await signedIn(page, account))
    const show = async (view: string, heading: string, titles: string[]) => {
      await page.goto(`/app/tasks?view=${view}`)
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
      const list = page.getByRole('list', { name: `${heading} tasks` })
      await expect(list.locator('[data-task-row]')).toHaveCount(titles.length)
      await expect(list.locator('[data-task-open] > span:first-child')).toHaveText(titles)
    }
    await show('inbox', 'Inbox', ['Overdue invoice', 'Call the plumber', 'Plan the trip', 'Read a book', 'Learn the cello'])
    await show('today', 'Today', ['Overdue invoice', 'Call the plumber'])
    await expect(page.getByRole('heading', { name: /^Overdue/, level: 2 })).toBeVisible()
    await show('upcoming', 'Upcoming', ['Call the plumber', 'Water the roses', 'Plan the trip'])
    await expect(page.getByRole('list', { name: 'Upcoming tasks' }).getByRole('heading', { level: 2 })).toHaveCount(7)
    await expect(page.getByRole('heading', { name: /^Tomorrow/, level: 2 })).toBeVisible()
    await show('anytime', 'Anytime', ['Read a book', 'Learn the cello'])
    await show('someday', 'Someday', ['Read a book'])
    await show('logbook', 'Logbook', ['Filed taxes'])
    await show('all', 'All', ['Overdue invoice', 'Call the plumber', 'Water the roses', 'Plan the trip', 'Read a book', 'Learn the cello'])
    // No view is All; an unknown one too.
    await page.goto('/app/tasks?view=nonsense')
    await expect(page.getByRole('heading', { name: 'All', level: 1 })).toBeVisible()
  })

  test('rows, keys, counts, the project and smart filter routes, ?taskId=', async ({ page, account }) => {
    const userId = await signedIn(page, account)
    const { project, parent } = await seed(userId)

    // The rows: overdue in red, priority colour, tags, subtask progress, project.
    await page.goto('/app/tasks?view=all')
    const overdue = row(page, 'Overdue invoice')
    await expect(overdue.getByText(/\w/).filter({ hasText: /^[A-Z][a-z]{2} \d+$/ })).toHaveClass(/text-red-600/)
    await expect(overdue.getByRole('checkbox', { name: 'Complete Overdue invoice' })).toHaveClass(/border-red-500/)
    const plumberRow = row(page, 'Call the plumber')
    await expect(plumberRow.getByText('home')).toBeVisible()
    await expect(plumberRow.getByLabel('1 of 2 subtasks done')).toBeVisible()
    await expect(row(page, 'Water the roses').getByText('Garden')).toBeVisible()

    // Up and Down move between rows; Enter opens one.
    await openButton(page, 'Overdue invoice').focus()
    await page.keyboard.press('ArrowDown')
    await expect(openButton(page, 'Call the plumber')).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(openButton(page, 'Overdue invoice')).toBeFocused()

    // The sidebar counts what each view shows.
    const nav = sidebar(page)
    await expect(nav.getByRole('link', { name: /^Today/ })).toHaveText(/Today\s*2/)
    await expect(nav.getByRole('link', { name: /^Inbox/ })).toHaveText(/Inbox\s*5/)

    // Project route: titled by the project; the smart filter route: by the filter.
    await nav.getByRole('link', { name: /^Garden/ }).click()
    await expect(page).toHaveURL(new RegExp(`/app/tasks/project/${project?.id}$`))
    await expect(page.getByRole('heading', { name: 'Garden', level: 1 })).toBeVisible()
    await expect(openButton(page, 'Water the roses')).toBeVisible()
    const filters = await select<{ id: string; name: string; system_key: string | null }>('smart_lists', `user_id=eq.${userId}`)
    const todayFilter = filters.find((f) => f.system_key === 'today')
    await page.goto(`/app/tasks/smart-filter/${todayFilter?.id}`)
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible()
    await expect(openButton(page, 'Call the plumber')).toBeVisible()
    const [custom] = await insert<{ id: string }>('smart_lists', {
      user_id: userId,
      name: 'Quick wins',
      filters_data: '{"logic":"AND","conditions":[{"field":"priority","operator":"equals","value":1}]}',
    })
    await page.goto(`/app/tasks/smart-filter/${custom?.id}`)
    await expect(page.getByRole('heading', { name: 'Quick wins', level: 1 })).toBeVisible()

    // ?taskId= selects the task and opens it.
    const taskId = parent[3]?.id
    await page.goto(`/app/tasks?taskId=${taskId}`)
    await expect(pane(page).getByRole('textbox', { name: 'Task title' })).toHaveValue('Plan the trip')
    await expect(page).toHaveURL(new RegExp(`edit=${taskId}`))
  })
})

test.describe('in the zone of the timezone preference', () => {
  // The browser says UTC; the user's preference says Kiritimati (UTC+14):
  // their today is the browser's tomorrow for half of every day.
  test.use({ timezoneId: 'UTC' })

  test('buckets follow the preference, not UTC', async ({ page, account }) => {
    const userId = await signedIn(page, account)
    await insert('user_preferences', { user_id: userId, preference_key: 'timezone', preference_value: '"Pacific/Kiritimati"' })
    await insert('tasks', [
      { user_id: userId, title: 'Their today', due_date: day('Pacific/Kiritimati', 0) },
      { user_id: userId, title: 'Their yesterday', due_date: day('Pacific/Kiritimati', -1) },
    ])
    await page.goto('/app/tasks?view=today')
    const list = page.getByRole('list', { name: 'Today tasks' })
    await expect(list.locator('[data-task-open] > span:first-child')).toHaveText(['Their yesterday', 'Their today'])
    await expect(page.getByRole('heading', { name: /^Overdue/, level: 2 })).toBeVisible()
  })
})

test('screenshots of every view, light and dark, 1280 and 390 px', async ({ page, account }) => {
  test.setTimeout(240_000)
  const userId = await signedIn(page, account)
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const [project] = await insert<{ id: string }>('projects', [
    { user_id: userId, name: 'Renovation', color: '#f97316', icon_name: 'HouseLine', is_favorite: true },
    { user_id: userId, name: 'Reading list', color: '#8b5cf6', icon_name: 'BookBookmark' },
  ])
  await insert('tasks', [
    { user_id: userId, title: 'Send the quarterly report', due_date: day(zone, -1), priority: 4, tags: 'work' },
    { user_id: userId, title: 'Pick paint colours for the hall', due_date: day(zone, 0), priority: 3, project_id: project?.id, tags: 'home, weekend' },
    { user_id: userId, title: 'Dentist appointment', due_time: new Date(Date.now() + 86_400_000).toISOString(), reminders: [30] },
    { user_id: userId, title: 'Renew the passport', due_date: day(zone, 4), priority: 2, recurrence: '{"type":"yearly","interval":1}' },
    { user_id: userId, title: 'Learn a song on the guitar', priority: 1 },
    { user_id: userId, title: 'Someday: sail to the islands' },
    { user_id: userId, title: 'Paid the electricity bill', is_completed: true },
  ])
  const views: [string, string][] = [
    ['inbox', 'Inbox'],
    ['today', 'Today'],
    ['upcoming', 'Upcoming'],
    ['anytime', 'Anytime'],
    ['someday', 'Someday'],
    ['logbook', 'Logbook'],
    ['all', 'All'],
  ]
  for (const [view, heading] of views) {
    await page.goto(`/app/tasks?view=${view}`)
    await shootAll(page, `tasks-${view}`, () => expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible())
  }
  await page.goto(`/app/tasks/project/${project?.id}`)
  await shootAll(page, 'tasks-project', () => expect(page.getByRole('heading', { name: 'Renovation', level: 1 })).toBeVisible())
  await page.goto('/app/tasks?view=all')
  await openButton(page, 'Pick paint colours for the hall').click()
  await shootAll(page, 'tasks-edit', async () => {
    await expect(page.getByRole('textbox', { name: 'Task title' })).toHaveValue('Pick paint colours for the hall')
  })
})
