import type { Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert, preference, select, tasksOf, update } from '../db'
import { expect, row, shootAll, signedIn } from '../tasks-helpers'

// Quick add with natural language (001 §9, issue 19): several phrasings
// typed as a user types them, each checked in the database; chips that keep
// text literal; the title check; /app/demo.

const ZONE = 'America/New_York'
test.use({ timezoneId: ZONE })

function day(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offset * 86_400_000),
  )
}

/** The instant of a New York wall-clock time on a day. */
function newYork(dayIso: string, time: string): number {
  const probe = new Date(`${dayIso}T12:00:00Z`)
  const offsetMs =
    new Date(probe.toLocaleString('en-US', { timeZone: ZONE })).getTime() - new Date(probe.toLocaleString('en-US', { timeZone: 'UTC' })).getTime()
  return Date.parse(`${dayIso}T${time}:00Z`) - offsetMs
}

function dialog(page: Page) {
  return page.getByRole('dialog', { name: 'Quick add task' })
}

async function quickAdd(page: Page, text: string) {
  await page.locator('body').press('q')
  const d = dialog(page)
  await expect(d).toBeVisible()
  await d.getByRole('textbox', { name: 'Task' }).pressSequentially(text, { delay: 5 })
  return d
}

test('quick add saves what it reads from several phrasings', async ({ page, account }) => {
  test.setTimeout(180_000)
  const userId = await signedIn(page, account)
  const [work] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Work' })
  await page.goto('/app/tasks?view=inbox')
  await expect(page.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible()

  // Everything at once; the chips say what was read.
  let d = await quickAdd(page, 'Call Sam tomorrow at 2pm p1 #calls ^work')
  await expect(d.getByTestId('quick-add-title')).toHaveText('Call Sam')
  const chips = d.getByRole('list', { name: 'Recognised' })
  await expect(chips.getByRole('button', { name: /^date / })).toBeVisible()
  await expect(chips.getByRole('button', { name: /^time 2:00/ })).toBeVisible()
  await expect(chips.getByRole('button', { name: /^priority P1/ })).toBeVisible()
  await expect(chips.getByRole('button', { name: /^project Work|^project work/ })).toBeVisible()
  await shootAll(page, 'quick-add', async () => {
    await expect(d.getByTestId('quick-add-title')).toHaveText('Call Sam')
  })
  await d.getByRole('textbox', { name: 'Task' }).press('Control+Enter')
  await expect(d).toBeHidden()
  await expect
    .poll(async () => {
      const [t] = await tasksOf(userId, '&title=eq.Call%20Sam')
      return t && [t.due_date, t.due_time ? Date.parse(t.due_time) : null, t.priority, t.tags, t.project_id, t.list]
    })
    .toEqual([day(1), newYork(day(1), '14:00'), 4, 'calls', work?.id, 'Work'])
  await expect
    .poll(async () => (await select<{ name: string; usage_count: number }>('global_tags', `user_id=eq.${userId}`)).map((t) => [t.name, t.usage_count]))
    .toEqual([['calls', 1]])

  // A recurrence without a date starts on its first occurrence; Enter submits too.
  d = await quickAdd(page, 'Water the plants every 3 days !!')
  await d.getByRole('textbox', { name: 'Task' }).press('Enter')
  await expect(d).toBeHidden()
  await expect
    .poll(async () => {
      const [t] = await tasksOf(userId, '&title=eq.Water%20the%20plants')
      return t && [t.due_date, t.priority, JSON.parse(t.recurrence ?? 'null')]
    })
    .toEqual([day(0), 2, { type: 'daily', interval: 3 }])

  // A project nobody has stays in the title; the label bumps the known tag.
  d = await quickAdd(page, 'Plan the trip ^Nowhere @calls next week')
  await expect(d.getByText('No project is named “Nowhere”; it stays in the title.')).toBeVisible()
  await expect(d.getByTestId('quick-add-title')).toHaveText('Plan the trip ^Nowhere')
  await d.getByRole('button', { name: 'Add task' }).click()
  await expect(d).toBeHidden()
  await expect
    .poll(async () => {
      const [t] = await tasksOf(userId, `&title=eq.${encodeURIComponent('Plan the trip ^Nowhere')}`)
      return t && [t.project_id, t.tags, t.due_date !== null]
    })
    .toEqual([null, 'calls', true])
  await expect
    .poll(async () => (await select<{ usage_count: number }>('global_tags', `user_id=eq.${userId}&name=eq.calls`))[0]?.usage_count)
    .toBe(2)

  // Clicking a chip keeps its text: "Friday" of the book's name stays.
  d = await quickAdd(page, 'Read Friday Night Lights friday')
  await expect(d.getByTestId('quick-add-title')).toHaveText('Read Night Lights friday')
  await d.getByRole('list', { name: 'Recognised' }).getByRole('button', { name: /from “Friday”/ }).click()
  await expect(d.getByTestId('quick-add-title')).toHaveText('Read Friday Night Lights')
  await d.getByRole('textbox', { name: 'Task' }).press('Control+Enter')
  await expect(d).toBeHidden()
  await expect.poll(async () => (await tasksOf(userId, '&title=eq.Read%20Friday%20Night%20Lights')).length).toBe(1)
})

test('quick add needs a title, closes with Escape, and uses the project route', async ({ page, account }) => {
  test.setTimeout(120_000)
  const userId = await signedIn(page, account)
  const [home] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Home' })
  await page.goto(`/app/tasks/project/${home?.id}`)
  await expect(page.getByRole('heading', { name: 'Home', exact: true })).toBeVisible()

  let d = await quickAdd(page, 'p1 tomorrow')
  await d.getByRole('textbox', { name: 'Task' }).press('Control+Enter')
  await expect(d.getByText('Please enter a task title to continue')).toBeVisible()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Task title required' })).toBeVisible()
  await d.getByRole('textbox', { name: 'Task' }).press('Escape')
  await expect(d).toBeHidden()
  expect(await tasksOf(userId)).toHaveLength(0)

  d = await quickAdd(page, 'Fix the sink')
  await d.getByRole('textbox', { name: 'Task' }).press('Control+Enter')
  await expect(d).toBeHidden()
  await expect.poll(async () => (await tasksOf(userId))[0]?.project_id).toBe(home?.id)
  await expect(page.getByRole('button', { name: /^Fix the sink/ })).toBeVisible()
})

test('/app/demo parses live as you type', async ({ page, account }) => {
  await signedIn(page, account)
  await page.goto('/app/demo')
  const box = page.getByRole('textbox', { name: 'Try a task' })
  await box.fill('')
  await box.pressSequentially('Gym every monday and wednesday at 7am @health p2', { delay: 5 })
  await expect(page.getByTestId('demo-title')).toHaveText('"Gym"')
  await expect(page.getByTestId('demo-dueTime')).toHaveText('"07:00"')
  await expect(page.getByTestId('demo-priority')).toHaveText('2')
  await expect(page.getByTestId('demo-labels')).toHaveText('["health"]')
  await expect(page.getByTestId('demo-recurrence')).toHaveText('{"type":"weekly","interval":1,"daysOfWeek":[1,3]}')
  await page.getByRole('button', { name: 'Call Sam tomorrow at 2pm p1 #work' }).click()
  await expect(page.getByTestId('demo-dueDate')).toHaveText(`"${day(1)}"`)
  await shootAll(page, 'demo', async () => {
    await expect(page.getByTestId('demo-title')).toHaveText('"Call Sam"')
  })
})

test('every! repeats from the completion date: quick add, complete in the list, the next date', async ({ page, account }) => {
  test.setTimeout(180_000)
  const userId = await signedIn(page, account)
  await page.goto('/app/tasks?view=all')
  await expect(page.getByRole('heading', { name: 'All', level: 1 })).toBeVisible()

  const d = await quickAdd(page, 'Stretch every! 3 days')
  await expect(d.getByTestId('quick-add-title')).toHaveText('Stretch')
  await d.getByRole('textbox', { name: 'Task' }).press('Enter')
  await expect(d).toBeHidden()
  await expect
    .poll(async () => {
      const [t] = await tasksOf(userId, '&title=eq.Stretch')
      return t && [t.due_date, JSON.parse(t.recurrence ?? 'null')]
    })
    .toEqual([day(0), { type: 'daily', interval: 3, from: 'completion' }])
  // Done two days late: the next one is three days from today, not from its due date.
  // Today is the user's: the server dates the next one in the saved zone,
  // which the first completion saves from the browser (at 01:00 UTC it is
  // still yesterday in New York).
  expect(await preference(userId, 'timezone')).toBeUndefined()
  await update('tasks', `user_id=eq.${userId}&title=eq.Stretch`, { due_date: day(-2) })
  await page.reload()
  await row(page, 'Stretch').getByRole('checkbox', { name: 'Complete Stretch' }).click()
  await expect(page.getByText('Task completed')).toBeVisible()
  await expect
    .poll(async () => (await tasksOf(userId, '&title=eq.Stretch')).map((t) => `${t.due_date}:${t.is_completed}`).sort())
    .toEqual([`${day(-2)}:true`, `${day(3)}:false`].sort())
  expect(await preference(userId, 'timezone')).toBe(ZONE)
})
