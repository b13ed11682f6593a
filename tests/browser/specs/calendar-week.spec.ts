import type { Locator, Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert, tasksOf } from '../db'
import { expect, shootAll, signedIn } from '../tasks-helpers'

// The calendar's week view (/app/calendar?view=week, issue 26): an all-day
// row and a 24-hour grid in the user's zone (the timezone preference, the
// browser is in UTC), timed tasks as tall as they last, recurring ones on
// each day. Each drag is made with the mouse as a person makes it, then
// checked on the screen and in the database (due_date, due_time,
// duration_minutes, reminders) through the REST API.

const ZONE = 'America/New_York'
test.use({ timezoneId: 'UTC' })

const HOUR = 48 // px an hour: web/src/features/tasks/calendar/week-view.tsx HOUR_HEIGHT

const iso = (d: Date) => d.toISOString().slice(0, 10)
/** The Sunday-to-Saturday week three weeks from now (its days are all in the future, and never today). */
function futureWeek(): string[] {
  const now = new Date()
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 21, 12))
  d.setUTCDate(d.getUTCDate() - d.getUTCDay())
  return Array.from({ length: 7 }, (_, i) => iso(new Date(d.getTime() + i * 86_400_000)))
}
const label = (day: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
/** The UTC instant of a wall-clock time in New York. */
function instant(day: string, hh: number, mm = 0): string {
  const guess = new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00Z`)
  const shown = new Date(guess.toLocaleString('en-US', { timeZone: ZONE }))
  const utc = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }))
  return new Date(guess.getTime() + (utc.getTime() - shown.getTime())).toISOString()
}
const sameInstant = (a: string | null | undefined) => (a ? new Date(a).toISOString() : a)
const column = (page: Page, day: string) => page.getByRole('region', { name: label(day), exact: true })
const allDay = (page: Page, day: string) => page.getByRole('region', { name: `All day, ${label(day)}`, exact: true })
const block = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^${title}, \\d`) })
const chip = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^${title}, `) })
const one = async (userId: string, title: string) => (await tasksOf(userId, `&title=eq.${encodeURIComponent(title)}`))[0]

async function box(l: Locator) {
  await expect(l).toBeVisible()
  const b = await l.boundingBox()
  if (!b) throw new Error('no box')
  return b
}

/** Presses on (x, y), moves past the drag threshold and on to (tx, ty) in steps, releases. */
async function dragFromTo(page: Page, x: number, y: number, tx: number, ty: number): Promise<void> {
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + 6, y + 6, { steps: 3 })
  await page.mouse.move(tx, ty, { steps: 20 })
  await page.mouse.up()
}

/**
 * Drags what grab is onto day's column so that its top edge lands at hh:mm.
 * The pointer first goes to the middle of the grid, as a person's hand
 * does; the column is measured again there, in case the grid scrolled.
 */
async function dragToTime(page: Page, grab: Locator, day: string, hh: number, mm = 0): Promise<void> {
  const a = await box(grab)
  const x = a.x + a.width / 2
  const y = a.y + Math.min(8, a.height / 2)
  const grid = await box(page.getByTestId('calendar-time-grid'))
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + 6, y + 6, { steps: 3 })
  let col = await box(column(page, day))
  await page.mouse.move(col.x + col.width / 2, grid.y + grid.height / 2, { steps: 15 })
  col = await box(column(page, day))
  // The item keeps where it was grabbed: its top is (y − a.y) above the pointer; +3 px stays inside the 15-minute snap.
  await page.mouse.move(col.x + col.width / 2, col.y + ((hh * 60 + mm) / 60) * HOUR + (y - a.y) + 3, { steps: 10 })
  await page.mouse.up()
}

test('the week: move, resize, all-day ↔ grid, tray → week, recurring on each day', async ({ page, account }) => {
  test.setTimeout(300_000)
  const userId = await signedIn(page, account)
  await insert('user_preferences', { user_id: userId, preference_key: 'timezone', preference_value: JSON.stringify(ZONE) })
  const [sun, mon, tue, wed, thu, fri] = futureWeek() as [string, string, string, string, string, string, string]
  await insert('tasks', [
    { user_id: userId, title: 'Standup', due_date: mon, due_time: instant(mon, 9), priority: 3 },
    { user_id: userId, title: 'Deep work', due_date: tue, due_time: instant(tue, 10), duration_minutes: 60 },
    { user_id: userId, title: 'Design review', due_date: tue, due_time: instant(tue, 10, 30), duration_minutes: 60 },
    { user_id: userId, title: 'Pay bills', due_date: wed, priority: 4 },
    { user_id: userId, title: 'Call dentist', due_date: thu, due_time: instant(thu, 11), reminders: [15] },
    { user_id: userId, title: 'Stretch', due_date: sun, due_time: instant(sun, 8), recurrence: JSON.stringify({ type: 'daily', interval: 1 }) },
    { user_id: userId, title: 'Read a book' },
  ])
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/app/calendar?view=week&date=${wed}`)
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Week', pressed: true })).toBeVisible()

  // Where things are: timed tasks in the grid with their span, all-day ones above, recurring on each day.
  await expect(block(column(page, mon), 'Standup')).toHaveAccessibleName(`Standup, 9:00 AM to 9:30 AM, ${label(mon)}`)
  await expect(block(column(page, tue), 'Deep work')).toHaveAccessibleName(`Deep work, 10:00 AM to 11:00 AM, ${label(tue)}`)
  await expect(chip(allDay(page, wed), 'Pay bills')).toBeVisible()
  await expect(block(column(page, sun), 'Stretch')).toHaveAccessibleName(`Stretch, 8:00 AM to 8:30 AM, ${label(sun)}`)
  for (const d of futureWeek().slice(1)) {
    await expect(column(page, d).getByRole('button', { name: `Stretch, 8:00 AM to 8:30 AM, repeats on ${label(d)}` })).toBeVisible()
  }
  // Overlapping tasks side by side: Deep work and Design review share Tuesday's width.
  const deep = await box(block(column(page, tue), 'Deep work'))
  const review = await box(block(column(page, tue), 'Design review'))
  expect(review.x).toBeGreaterThan(deep.x + deep.width / 2)
  expect(review.y - deep.y).toBeCloseTo(HOUR / 2, -1)

  await shootAll(page, 'calendar-week', async () => {
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
    await expect(page.getByTestId('calendar-time-grid')).toBeVisible()
  })

  // 1. Standup: Monday 9:00 → Wednesday 11:00.
  await dragToTime(page, block(column(page, mon), 'Standup'), wed, 11)
  await expect(block(column(page, wed), 'Standup')).toHaveAccessibleName(`Standup, 11:00 AM to 11:30 AM, ${label(wed)}`)
  await expect(block(column(page, mon), 'Standup')).toHaveCount(0)
  await expect.poll(async () => {
    const t = await one(userId, 'Standup')
    return [t?.due_date, sameInstant(t?.due_time)]
  }).toEqual([wed, instant(wed, 11)])

  // 2. Deep work's bottom edge one hour down: 60 → 120 minutes.
  const edge = await box(block(column(page, tue), 'Deep work').locator('..').getByTestId('calendar-resize'))
  await dragFromTo(page, edge.x + edge.width / 2, edge.y + edge.height / 2, edge.x + edge.width / 2, edge.y + edge.height / 2 + HOUR)
  await expect(block(column(page, tue), 'Deep work')).toHaveAccessibleName(`Deep work, 10:00 AM to 12:00 PM, ${label(tue)}`)
  await expect.poll(async () => (await one(userId, 'Deep work'))?.duration_minutes).toBe(120)
  // The keyboard: the edge is a slider, arrow down adds 15 minutes.
  await page.getByRole('slider', { name: 'Duration of Deep work' }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('slider', { name: 'Duration of Deep work' })).toHaveAttribute('aria-valuenow', '135')
  await expect.poll(async () => (await one(userId, 'Deep work'))?.duration_minutes).toBe(135)

  // 3. Pay bills from Wednesday's all-day row into Thursday at 2:00 PM.
  await dragToTime(page, chip(allDay(page, wed), 'Pay bills'), thu, 14)
  await expect(block(column(page, thu), 'Pay bills')).toHaveAccessibleName(`Pay bills, 2:00 PM to 2:30 PM, ${label(thu)}`)
  await expect(chip(allDay(page, wed), 'Pay bills')).toHaveCount(0)
  await expect.poll(async () => {
    const t = await one(userId, 'Pay bills')
    return [t?.due_date, sameInstant(t?.due_time)]
  }).toEqual([thu, instant(thu, 14)])

  // 4. Call dentist from the grid to Friday's all-day row: the time and its reminders go.
  const dentist = await box(block(column(page, thu), 'Call dentist'))
  const friRow = await box(allDay(page, fri))
  await dragFromTo(page, dentist.x + dentist.width / 2, dentist.y + 8, friRow.x + friRow.width / 2, friRow.y + friRow.height / 2)
  await expect(chip(allDay(page, fri), 'Call dentist')).toBeVisible()
  await expect.poll(async () => {
    const t = await one(userId, 'Call dentist')
    return [t?.due_date, t?.due_time, t?.reminders]
  }).toEqual([fri, null, []])

  // 5. Read a book from Unscheduled into Friday at 9:00 AM.
  const tray = page.getByRole('region', { name: 'Unscheduled' })
  await dragToTime(page, chip(tray, 'Read a book'), fri, 9)
  await expect(block(column(page, fri), 'Read a book')).toHaveAccessibleName(`Read a book, 9:00 AM to 9:30 AM, ${label(fri)}`)
  await expect(tray.getByLabel('0 unscheduled tasks')).toBeVisible()
  await expect.poll(async () => {
    const t = await one(userId, 'Read a book')
    return [t?.due_date, sameInstant(t?.due_time)]
  }).toEqual([fri, instant(fri, 9)])

  // The week is in the URL; Month and back keep it; [ and ] step weeks.
  // Exact names: "Previous week" has no aria-pressed, so it counts as not pressed. The URL
  // changes before the (transition) render, so wait for the pressed button as well.
  await page.getByRole('button', { name: 'Month', exact: true, pressed: false }).click()
  await expect(page).toHaveURL(new RegExp(`month=${wed.slice(0, 7)}`))
  await expect(page.getByRole('button', { name: 'Month', exact: true, pressed: true })).toBeVisible()
  await page.getByRole('button', { name: 'Week', exact: true, pressed: false }).click()
  await expect(page).toHaveURL(/view=week/)
  await expect(page.getByRole('button', { name: 'Week', exact: true, pressed: true })).toBeVisible()
  await page.goto(`/app/calendar?view=week&date=${wed}`)
  await expect(block(column(page, wed), 'Standup')).toBeVisible()
  await page.keyboard.press(']')
  await expect(page).toHaveURL(/view=week&date=/)
  await expect(column(page, wed)).toHaveCount(0)
  await page.keyboard.press('[')
  await expect(block(column(page, wed), 'Standup')).toBeVisible()
})

test('390 px: three days with the same grid', async ({ page, account }) => {
  test.setTimeout(180_000)
  const userId = await signedIn(page, account)
  await insert('user_preferences', { user_id: userId, preference_key: 'timezone', preference_value: JSON.stringify(ZONE) })
  const [, mon, tue, wed, thu] = futureWeek() as [string, string, string, string, string]
  await insert('tasks', [
    { user_id: userId, title: 'Standup', due_date: tue, due_time: instant(tue, 9), duration_minutes: 45 },
    { user_id: userId, title: 'Pay bills', due_date: wed },
  ])
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/app/calendar?view=week&date=${tue}`)
  await expect(page.getByRole('button', { name: '3 days', pressed: true })).toBeVisible()
  await expect(column(page, tue)).toBeVisible()
  await expect(column(page, thu)).toBeVisible()
  await expect(column(page, mon)).toHaveCount(0)
  await expect(block(column(page, tue), 'Standup')).toHaveAccessibleName(`Standup, 9:00 AM to 9:45 AM, ${label(tue)}`)
  await expect(chip(allDay(page, wed), 'Pay bills')).toBeVisible()
  // Moving Standup to Thursday at 10:00 by mouse.
  await dragToTime(page, block(column(page, tue), 'Standup'), thu, 10)
  await expect(block(column(page, thu), 'Standup')).toHaveAccessibleName(`Standup, 10:00 AM to 10:45 AM, ${label(thu)}`)
  await expect.poll(async () => {
    const t = await one(userId, 'Standup')
    return [t?.due_date, sameInstant(t?.due_time), t?.duration_minutes]
  }).toEqual([thu, instant(thu, 10), 45])
  await page.getByRole('button', { name: 'Next 3 days' }).click()
  await expect(column(page, tue)).toHaveCount(0)
})

// The duration field of the edit pane: a preset, a custom value typed by
// hand, then cleared — each saved with the other fields and checked in the
// database and in the height of the task's block in the week.
test('a timed task’s duration set in the edit pane', async ({ page, account }) => {
  test.setTimeout(300_000)
  const userId = await signedIn(page, account)
  await insert('user_preferences', { user_id: userId, preference_key: 'timezone', preference_value: JSON.stringify(ZONE) })
  const [, , tue, wed] = futureWeek() as [string, string, string, string, string, string, string]
  await insert('tasks', [
    { user_id: userId, title: 'Write report', due_date: tue, due_time: instant(tue, 10) },
    { user_id: userId, title: 'Water plants', due_date: wed },
  ])
  await page.goto(`/app/calendar?view=week&date=${wed}`)
  const report = block(column(page, tue), 'Write report')
  await expect(report).toHaveAccessibleName(`Write report, 10:00 AM to 10:30 AM, ${label(tue)}`)
  const height = async () => (await box(report.locator('..'))).height

  const edit = async () => {
    await report.click()
    const dialog = page.getByRole('dialog', { name: 'Edit task' })
    await expect(dialog.getByRole('textbox', { name: 'Task title' })).toHaveValue('Write report')
    return dialog
  }
  const save = async (dialog: Locator) => {
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expect(dialog).toBeHidden()
  }

  // A preset: 1 h 30 min.
  let dialog = await edit()
  await expect(dialog.getByRole('combobox', { name: 'Duration' })).toHaveValue('')
  await dialog.getByRole('combobox', { name: 'Duration' }).selectOption({ label: '1 h 30 min' })
  await save(dialog)
  await expect(report).toHaveAccessibleName(`Write report, 10:00 AM to 11:30 AM, ${label(tue)}`)
  await expect.poll(async () => (await one(userId, 'Write report'))?.duration_minutes).toBe(90)
  expect(await height()).toBeCloseTo(1.5 * HOUR - 2, 0)

  // A custom value: nonsense is refused on the spot, 2:15 is taken, with the title edited in the same save.
  dialog = await edit()
  await expect(dialog.getByRole('combobox', { name: 'Duration' })).toHaveValue('90')
  await dialog.getByRole('combobox', { name: 'Duration' }).selectOption({ label: 'Custom…' })
  const custom = dialog.getByRole('textbox', { name: 'Custom duration' })
  await custom.fill('forever')
  await expect(dialog.getByRole('alert').filter({ hasText: 'from 5 minutes to 24 hours' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Set', exact: true })).toBeDisabled()
  await custom.fill('2:15')
  await custom.press('Enter')
  await expect(dialog.getByRole('combobox', { name: 'Duration' })).toHaveValue('135')
  await expect(dialog.getByRole('combobox', { name: 'Duration' }).locator('option:checked')).toHaveText('2 h 15 min')
  await dialog.getByRole('textbox', { name: 'Task title' }).fill('Write the report')
  await save(dialog)
  const renamed = block(column(page, tue), 'Write the report')
  await expect(renamed).toHaveAccessibleName(`Write the report, 10:00 AM to 12:15 PM, ${label(tue)}`)
  await expect.poll(async () => {
    const t = await one(userId, 'Write the report')
    return [t?.duration_minutes, sameInstant(t?.due_time)]
  }).toEqual([135, instant(tue, 10)])
  expect((await box(renamed.locator('..'))).height).toBeCloseTo(2.25 * HOUR - 2, 0)

  // Cleared: null, drawn as 30 minutes again.
  await renamed.click()
  dialog = page.getByRole('dialog', { name: 'Edit task' })
  await dialog.getByRole('combobox', { name: 'Duration' }).selectOption({ label: 'Not set' })
  await save(dialog)
  await expect(renamed).toHaveAccessibleName(`Write the report, 10:00 AM to 10:30 AM, ${label(tue)}`)
  await expect.poll(async () => (await one(userId, 'Write the report'))?.duration_minutes ?? null).toBeNull()
  expect((await box(renamed.locator('..'))).height).toBeCloseTo(0.5 * HOUR - 2, 0)

  // A task without a time has no duration to set.
  await chip(allDay(page, wed), 'Water plants').click()
  dialog = page.getByRole('dialog', { name: 'Edit task' })
  await expect(dialog.getByRole('textbox', { name: 'Task title' })).toHaveValue('Water plants')
  await expect(dialog.getByRole('combobox', { name: 'Duration' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})
