import type { Locator, Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert, tasksOf } from '../db'
import { expect, shootAll, signedIn } from '../tasks-helpers'
import { keyboardDragReady } from '../dnd'

// The calendar (/app/calendar, issue 26): tasks on their days in the user's
// zone (the timezone preference, not the browser's), recurring ones on each
// occurrence, drag to reschedule by mouse and by keyboard, the unscheduled
// tray, and the Move to… menu of the 390 px agenda. Each move is checked in
// the database through the REST API.

const ZONE = 'America/New_York'
test.use({ timezoneId: 'UTC' })

const todayInZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
const month = todayInZone().slice(0, 7)
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`
const label = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`))
const wallClock = (instant: string) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(instant))
const cell = (page: Page, iso: string) => page.getByRole('region', { name: label(iso), exact: true })
const chip = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^${title}(,| at)`) })
const one = async (userId: string, title: string) => (await tasksOf(userId, `&title=eq.${encodeURIComponent(title)}`))[0]

async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  // Measured once both are drawn: right after a change of width the agenda's
  // days (the same names) can still be the ones a locator finds, and an
  // element replaced as it is measured has no box (CI, 2026-11-28).
  type Box = Awaited<ReturnType<Locator['boundingBox']>>
  let boxes: [Box, Box] = [null, null]
  await expect(async () => {
    boxes = [await from.boundingBox(), await to.boundingBox()]
    expect(boxes.every(Boolean), 'both the dragged chip and the target are on screen').toBe(true)
  }).toPass({ timeout: 10_000 })
  const [a, b] = boxes
  if (!a || !b) throw new Error('no boxes')
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 })
  await page.mouse.up()
}

test('tasks sit on their days and move by mouse, keyboard, tray and menu', async ({ page, account }) => {
  test.setTimeout(240_000)
  const userId = await signedIn(page, account)
  await insert('user_preferences', { user_id: userId, preference_key: 'timezone', preference_value: JSON.stringify(ZONE) })
  // 01:30 UTC on the 13th is the evening of the 12th in New York.
  const evening = `${day(13)}T01:30:00Z`
  await insert('tasks', [
    { user_id: userId, title: 'Pay rent', due_date: day(10), priority: 4 },
    { user_id: userId, title: 'Call mom', due_time: evening, reminders: [15] },
    { user_id: userId, title: 'Water plants', due_date: day(1), recurrence: JSON.stringify({ type: 'weekly', interval: 1 }) },
    { user_id: userId, title: 'Read a book' },
    { user_id: userId, title: 'Renew passport' },
  ])
  await page.goto('/app/calendar')
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  await expect(chip(cell(page, day(10)), 'Pay rent')).toBeVisible()
  await expect(chip(cell(page, day(12)), 'Call mom')).toBeVisible()
  await expect(chip(cell(page, day(12)), 'Call mom')).toHaveAccessibleName(`Call mom at ${wallClock(evening).replace(/^(\d\d):(\d\d)$/, (_, h: string, m: string) => `${Number(h) % 12 || 12}:${m} ${Number(h) < 12 ? 'AM' : 'PM'}`)}, ${label(day(12))}`)
  await expect(chip(cell(page, day(1)), 'Water plants')).toBeVisible()
  for (const n of [8, 15, 22]) {
    await expect(cell(page, day(n)).getByRole('button', { name: `Water plants, repeats on ${label(day(n))}` })).toBeVisible()
  }
  const tray = page.getByRole('region', { name: 'Unscheduled' })
  await expect(chip(tray, 'Read a book')).toBeVisible()
  await expect(tray.getByLabel('2 unscheduled tasks')).toBeVisible()
  await shootAll(page, 'calendar-month', async () => {
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  })
  await page.setViewportSize({ width: 1280, height: 800 })

  // Mouse: Pay rent from the 10th to the 15th.
  await drag(page, chip(cell(page, day(10)), 'Pay rent'), cell(page, day(15)))
  await expect(chip(cell(page, day(15)), 'Pay rent')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Pay rent'))?.due_date).toBe(day(15))

  // From the tray onto the 20th.
  await drag(page, chip(tray, 'Read a book'), cell(page, day(20)))
  await expect(chip(cell(page, day(20)), 'Read a book')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Read a book'))?.due_date).toBe(day(20))

  // Keyboard: Call mom one day on (space, arrow right, space); its time of day stays.
  await chip(cell(page, day(12)), 'Call mom').focus()
  await page.keyboard.press('Space')
  await expect(page.getByRole('status').filter({ hasText: `Call mom is over ${label(day(12))}.` })).toBeAttached()
  await keyboardDragReady(page)
  await page.keyboard.press('ArrowRight')
  // dnd-kit's live region says where it is, as a screen reader would.
  await expect(page.getByRole('status').filter({ hasText: `Call mom is over ${label(day(13))}.` })).toBeAttached()
  await page.keyboard.press('Space')
  await expect(chip(cell(page, day(13)), 'Call mom')).toBeVisible()
  await expect
    .poll(async () => {
      const t = await one(userId, 'Call mom')
      return t && [t.due_date, t.due_time && wallClock(t.due_time)]
    })
    .toEqual([day(13), wallClock(evening)])

  // Back into the tray: the date (and with the time, its reminders) goes.
  await drag(page, chip(cell(page, day(13)), 'Call mom'), tray)
  await expect(chip(tray, 'Call mom')).toBeVisible()
  await expect
    .poll(async () => {
      const t = await one(userId, 'Call mom')
      return t && [t.due_date, t.due_time, t.reminders]
    })
    .toEqual([null, null, []])

  // A click opens the task to edit.
  await chip(cell(page, day(15)), 'Pay rent').click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The next month, and back with Today.
  await page.getByRole('button', { name: 'Next month' }).click()
  await expect(page).toHaveURL(/month=\d{4}-\d\d/)
  await page.getByRole('button', { name: 'Today', exact: true }).click()
  await expect(chip(cell(page, day(15)), 'Pay rent')).toBeVisible()

  // 390 px: an agenda with Move to…
  await page.setViewportSize({ width: 390, height: 844 })
  const agendaTray = page.getByRole('region', { name: 'Unscheduled' })
  await agendaTray.getByRole('button', { name: 'Move Renew passport to…' }).click()
  await page.getByRole('menuitem', { name: 'Tomorrow' }).click()
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + 86_400_000))
  await expect.poll(async () => (await one(userId, 'Renew passport'))?.due_date).toBe(tomorrow)
  await page.getByRole('button', { name: 'Move Pay rent to…' }).click()
  await page.getByRole('menuitem', { name: 'Pick a date…' }).click()
  await page.getByRole('dialog').getByLabel('Date').fill(day(18))
  await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click()
  await expect.poll(async () => (await one(userId, 'Pay rent'))?.due_date).toBe(day(18))
  await expect(page.getByRole('region', { name: label(day(18)), exact: true }).getByRole('button', { name: /^Pay rent,/ })).toBeVisible()
  await shootAll(page, 'calendar-agenda', async () => {
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  })
})

test('an empty month says what to do', async ({ page, account }) => {
  await signedIn(page, account)
  await page.goto('/app/calendar')
  await expect(page.getByRole('region', { name: 'Unscheduled' }).getByText('Every open task has a date.', { exact: false })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page')
})

test("an archived project's tasks stay off the calendar", async ({ page, account }) => {
  const userId = await signedIn(page, account)
  const [archived, live] = await insert<{ id: string }>('projects', [
    { user_id: userId, name: 'Old', is_archived: true },
    { user_id: userId, name: 'Live', is_archived: false },
  ])
  if (!archived || !live) throw new Error('no projects')
  await insert('tasks', [
    { user_id: userId, title: 'Shelved errand', due_date: day(10), project_id: archived.id },
    { user_id: userId, title: 'Shelved idea', project_id: archived.id },
    { user_id: userId, title: 'Live errand', due_date: day(10), project_id: live.id },
  ])
  await page.goto('/app/calendar')
  await expect(chip(cell(page, day(10)), 'Live errand')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Shelved/ })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Unscheduled' }).getByText('Every open task has a date.', { exact: false })).toBeVisible()
})

test("a busy day's “+N more” opens all its tasks and gives the focus back", async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await insert(
    'tasks',
    ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((title, i) => ({ user_id: userId, title, due_date: day(10), priority: 4 - i })),
  )
  await page.goto('/app/calendar')
  const busy = cell(page, day(10))
  await expect(chip(busy, 'Alpha')).toBeVisible()
  await expect(chip(busy, 'Delta')).toHaveCount(0)
  const more = busy.getByRole('button', { name: '+2 more' })
  for (let round = 0; round < 2; round++) {
    // The first opening mounts the popover, the second reuses it.
    await more.click()
    const all = page.getByRole('dialog', { name: `Tasks on ${label(day(10))}` })
    await expect(all.getByRole('button')).toHaveCount(5)
    await expect(chip(all, 'Echo')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(all).toBeHidden()
    await expect(more).toBeFocused()
  }
  // The popover opens a task like a chip on the grid.
  await more.click()
  await chip(page.getByRole('dialog', { name: `Tasks on ${label(day(10))}` }), 'Delta').click()
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Task title' })).toHaveValue('Delta')
})
