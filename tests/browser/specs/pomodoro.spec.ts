import type { Browser, Page, Route } from '@playwright/test'
import { insert, select } from '../db'
import { type Account, expect, signInToApp, signUpThroughApi, test } from '../fixtures'
import { shootAll } from '../shots'

// The focus timer (issue 22; 000 §3, §4, §7, §9): journeys a person takes,
// with the database checked as well as the screen. The cycle and the sleep
// run on Playwright's clock, installed before the app loads.

type Session = {
  id: string
  type: string
  status: string
  task_id: string | null
  started_at: string
  ended_at: string | null
  duration_minutes: number
  paused_duration_seconds: number
  completed_cycles: number
}

const sessionsOf = (userId: string) =>
  select<Session>('pomodoro_sessions', `user_id=eq.${userId}&order=started_at.asc&select=id,type,status,task_id,started_at,ended_at,duration_minutes,paused_duration_seconds,completed_cycles`)

/** Seconds focused by an ended session: ended - started - paused. */
const focusedSeconds = (s: Session) => (Date.parse(s.ended_at ?? '') - Date.parse(s.started_at)) / 1000 - s.paused_duration_seconds

/** The time on the timer, in seconds. */
async function clockSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').first().textContent()) ?? ''
  const [m, s] = text.split(':').map(Number)
  return (m ?? 0) * 60 + (s ?? 0)
}

/** Records the browser notifications the page shows (the permission is granted by the context). */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = []
    ;(window as unknown as { shownNotifications: string[] }).shownNotifications = shown
    const Real = window.Notification
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options)
        shown.push(title)
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true })
  })
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  return page.getByRole('dialog', { name: 'Timer settings' })
}

/** Saves timer settings through the dialog. */
async function saveSettings(page: Page, values: Record<string, string>, switches: string[] = []) {
  const dialog = await openSettings(page)
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value)
  for (const label of switches) await dialog.getByRole('switch', { name: label }).click()
  await dialog.getByRole('button', { name: 'Save settings' }).click()
  await expect(dialog).toBeHidden()
}

test.describe('the focus timer', () => {
  test.use({ permissions: ['notifications'] })
  // Clocks, two browsers and real waits: slower than most journeys.
  test.slow()

  test('runs a full focus → short break → focus → long break cycle on its own', async ({ page, account }) => {
    const { userId } = await signUpThroughApi(account)
    const [task] = await insert<{ id: string }>('tasks', { user_id: userId, title: 'Write the quarterly report' })
    await recordNotifications(page)
    await page.clock.install()
    await signInToApp(page, account)
    await page.goto('/app/pomodoro')
    await expect(page.getByRole('heading', { name: 'Pomodoro', level: 1 })).toBeVisible()
    await expect(page.getByText('Your sessions will show here. Start one to begin.')).toBeVisible()

    await saveSettings(page, { Focus: '1', 'Short break': '1', 'Long break': '2', 'Sessions until a long break': '2' }, [
      'Start breaks automatically',
      'Start focus automatically',
    ])
    const deviceId = await page.evaluate(() => localStorage.getItem('daybase.deviceId'))
    await expect
      .poll(() => select('pomodoro_settings', `user_id=eq.${userId}&select=device_id,work_duration,sessions_until_long_break,auto_start_breaks,auto_start_work`))
      .toEqual([{ device_id: deviceId, work_duration: 1, sessions_until_long_break: 2, auto_start_breaks: true, auto_start_work: true }])

    await page.getByRole('combobox', { name: 'Choose a task to focus on' }).click()
    await page.getByRole('option', { name: 'Write the quarterly report' }).click()
    await expect(page.getByRole('region', { name: 'Focus on Write the quarterly report' })).toContainText('No focus sessions on this task yet.')
    await page.getByRole('button', { name: 'Start focus' }).click()
    await expect(page.getByRole('timer')).toHaveText(/^0[01]:\d\d$/)
    await expect(page).toHaveTitle(/^0[01]:\d\d Focus · Daybase$/)
    await expect.poll(async () => (await sessionsOf(userId)).map((s) => `${s.type} ${s.status} ${s.task_id}`)).toEqual([`work active ${task?.id}`])

    // The focus session ends (the clock jumps, as for a tab in the
    // background); a second later the short break starts by itself.
    await page.clock.fastForward('01:00')
    await expect.poll(async () => (await sessionsOf(userId)).map((s) => `${s.type} ${s.status}`)).toEqual(['work completed'])
    await expect.poll(() => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications)).toEqual(['Focus session complete'])
    // The first session of the day starts the streak: a celebration.
    await expect(page.getByRole('status').filter({ hasText: '1-day focus streak!' })).toBeVisible()
    await page.clock.runFor(1000)
    await expect(page.getByRole('timer')).toHaveText(/^0[01]:\d\d$/)
    await expect(page.getByRole('group', { name: 'Session type' }).getByRole('button', { name: 'Short break', pressed: true })).toBeVisible()
    await expect(page.getByRole('img', { name: '1 of 2 focus sessions before the long break' })).toBeVisible()

    // The break ends; focus starts again, tied to the same task.
    await page.clock.fastForward('01:00')
    await expect.poll(async () => (await sessionsOf(userId)).map((s) => `${s.type} ${s.status}`)).toEqual(['work completed', 'short_break completed'])
    await page.clock.runFor(1000)
    await expect.poll(async () => (await sessionsOf(userId)).map((s) => `${s.type} ${s.status} ${s.completed_cycles}`)).toEqual([
      'work completed 1',
      'short_break completed 1',
      'work active 1',
    ])

    // The second focus session completes the round: a long break, celebrated.
    await page.clock.fastForward('01:00')
    await expect.poll(async () => (await sessionsOf(userId)).at(-1)?.status).toBe('completed')
    await page.clock.runFor(1000)
    await expect(page.getByRole('status').filter({ hasText: 'Long break earned' })).toBeVisible()
    await expect(page.getByRole('img', { name: '2 of 2 focus sessions before the long break' })).toBeVisible()

    // The celebration shows as the long break starts; its row is written
    // a moment later.
    await expect.poll(async () => (await sessionsOf(userId)).map((s) => `${s.type} ${s.status} ${s.completed_cycles} ${s.task_id === task?.id}`)).toEqual([
      'work completed 1 true',
      'short_break completed 1 false',
      'work completed 2 true',
      'long_break active 2 false',
    ])
    const sessions = await sessionsOf(userId)
    // Each ended exactly at its start plus its duration: the clock was read, not counted.
    expect(sessions.slice(0, 3).map(focusedSeconds)).toEqual([60, 60, 60])
    // The server counted the day (0701).
    const [stats] = await select<Record<string, number>>('pomodoro_stats', `user_id=eq.${userId}&select=completed_sessions,total_sessions,total_focus_minutes,total_break_minutes,current_streak`)
    expect(stats).toEqual({ completed_sessions: 2, total_sessions: 2, total_focus_minutes: 2, total_break_minutes: 1, current_streak: 1 })
    await expect(page.getByTestId('daily-goal')).toHaveText('2 of 8 sessions')
    await expect(page.getByRole('region', { name: 'Focus on Write the quarterly report' })).toContainText('2 min spent')
    await expect(page.getByRole('list', { name: 'Recent sessions' }).getByRole('listitem')).toHaveCount(4)
    await shootAll(page, 'pomodoro-running')
  })

  test('pause and resume keep the time exact across a sleep', async ({ page, account }) => {
    const { userId } = await signUpThroughApi(account)
    await page.clock.install()
    await signInToApp(page, account)
    await page.goto('/app/pomodoro')
    await page.getByRole('button', { name: 'Start focus' }).click()
    await expect.poll(async () => (await sessionsOf(userId)).length).toBe(1)

    await page.clock.fastForward('05:00')
    await page.getByRole('button', { name: 'Pause' }).click()
    await expect.poll(async () => (await sessionsOf(userId))[0]?.status).toBe('paused')
    // Paused, the timer shows exactly what the row says is left.
    const [paused] = await select<{ started_at: string; paused_at: string }>('pomodoro_sessions', `user_id=eq.${userId}&select=started_at,paused_at`)
    const left = 25 * 60 - (Date.parse(paused?.paused_at ?? '') - Date.parse(paused?.started_at ?? '')) / 1000
    const shown = `${String(Math.floor(Math.ceil(left) / 60)).padStart(2, '0')}:${String(Math.ceil(left) % 60).padStart(2, '0')}`
    expect(left).toBeLessThanOrEqual(20 * 60)
    await expect(page.getByRole('timer')).toHaveText(shown)
    await expect(page).toHaveTitle(`⏸ ${shown} Focus · Daybase`)

    // The laptop sleeps two hours: no timer fires, the clock jumps.
    const asleep = await page.evaluate(() => Date.now())
    await page.clock.setSystemTime(asleep + 2 * 3600_000)
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await expect(page.getByRole('timer')).toHaveText(shown)
    await page.getByRole('button', { name: 'Resume' }).click()
    await expect.poll(async () => (await sessionsOf(userId))[0]?.status).toBe('active')
    const [resumed] = await sessionsOf(userId)
    expect(resumed?.paused_duration_seconds).toBeGreaterThanOrEqual(7200)
    expect(resumed?.paused_duration_seconds).toBeLessThan(7260)
    expect(Math.abs((await clockSeconds(page)) - left)).toBeLessThanOrEqual(2)

    // Asleep again while it runs, past its end: it ends at its own end, not on waking.
    const before = await page.evaluate(() => Date.now())
    await page.clock.setSystemTime(before + 3600_000)
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await expect.poll(async () => (await sessionsOf(userId))[0]?.status).toBe('completed')
    const [ended] = await sessionsOf(userId)
    expect(ended && focusedSeconds(ended)).toBe(25 * 60)
    await expect(page.getByRole('timer')).toHaveText('05:00') // the short break is next
  })

  test('the keyboard runs the timer from any page', async ({ page, account }) => {
    const { userId } = await signUpThroughApi(account)
    await signInToApp(page, account)
    await page.goto('/app/tasks')
    await expect(page.getByRole('heading', { name: 'All', level: 1 })).toBeVisible()
    const statuses = async () => (await sessionsOf(userId)).map((s) => `${s.type} ${s.status}`)

    await page.keyboard.press('Control+p')
    await expect.poll(statuses).toEqual(['work active'])
    const rail = page.getByRole('navigation', { name: 'Modules' })
    await expect(rail.getByRole('progressbar', { name: 'Focus running' })).toBeVisible()
    await page.keyboard.press('Control+Shift+P')
    await expect.poll(statuses).toEqual(['work paused'])
    await expect(rail.getByRole('progressbar', { name: 'Focus paused' })).toBeVisible()
    await page.keyboard.press('Control+p')
    await expect.poll(statuses).toEqual(['work active'])
    await page.keyboard.press('Control+Shift+N')
    await expect.poll(statuses).toEqual(['work cancelled', 'short_break active'])
    await expect(rail.getByRole('progressbar', { name: 'Short break running' })).toBeVisible()
    await page.keyboard.press('Control+Alt+p')
    await expect.poll(statuses).toEqual(['work cancelled', 'short_break cancelled'])
    await expect(rail.getByRole('progressbar')).toHaveCount(0)
    // The palette lists them too.
    await page.keyboard.press('Control+k')
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: /Start or pause the focus timer/ })).toBeVisible()
  })

  test('settings keep the ranges of 000 §9 and belong to the device', async ({ page, browser, account }) => {
    const { userId } = await signUpThroughApi(account)
    await signInToApp(page, account)
    await page.goto('/app/pomodoro')
    const dialog = await openSettings(page)
    await dialog.getByLabel('Focus', { exact: true }).fill('61')
    await dialog.getByLabel('Sessions until a long break', { exact: true }).fill('1')
    await dialog.getByRole('button', { name: 'Save settings' }).click()
    await expect(dialog.getByText('Focus must be between 1 and 60 minutes.')).toBeVisible()
    await expect(dialog.getByText('Sessions until a long break must be between 2 and 10 sessions.')).toBeVisible()
    await expect(dialog.getByLabel('Focus', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await shootAll(page, 'pomodoro-settings')
    await dialog.getByLabel('Focus', { exact: true }).fill('50')
    await dialog.getByLabel('Sessions until a long break', { exact: true }).fill('3')
    await dialog.getByLabel('Daily goal', { exact: true }).fill('6')
    await dialog.getByRole('button', { name: 'Save settings' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('timer')).toHaveText('50:00')
    await expect(page.getByTestId('daily-goal')).toHaveText('0 of 6 sessions')

    // Another device starts from the settings saved last, and keeps its own.
    const other = await secondDevice(browser, account)
    await other.goto('/app/pomodoro')
    await expect(other.getByRole('timer')).toHaveText('50:00')
    await saveSettings(other, { Focus: '15' })
    await expect(other.getByRole('timer')).toHaveText('15:00')
    await page.reload()
    await expect(page.getByRole('timer')).toHaveText('50:00')
    const rows = await select<{ work_duration: number }>('pomodoro_settings', `user_id=eq.${userId}&select=work_duration&order=work_duration`)
    expect(rows.map((r) => r.work_duration)).toEqual([15, 50])
    await other.context().close()
  })

  test('focus mode: ten backgrounds, the ring colour at 50 % and 25 %, Esc leaves', async ({ page, account }) => {
    await signUpThroughApi(account)
    await page.clock.install()
    await signInToApp(page, account)
    await page.goto('/app/pomodoro')
    await saveSettings(page, { Focus: '4' })
    await page.getByRole('button', { name: 'Start focus' }).click()
    await page.getByRole('button', { name: 'Enter Focus Mode' }).click()
    const mode = page.getByRole('dialog', { name: 'Focus mode' })
    await expect(mode).toBeVisible()
    const band = mode.locator('[data-band]')
    await expect(band).toHaveAttribute('data-band', 'calm')
    await page.clock.fastForward('02:00')
    await expect(band).toHaveAttribute('data-band', 'half')
    await page.clock.fastForward('01:00')
    await expect(band).toHaveAttribute('data-band', 'last')
    const backgrounds = mode.getByRole('radiogroup', { name: 'Background' }).getByRole('radio')
    await expect(backgrounds).toHaveCount(10)
    await mode.getByRole('radio', { name: 'Ocean' }).click()
    await expect(mode).toHaveAttribute('data-background', 'Ocean')
    await shootAll(page, 'pomodoro-focus-mode')
    await page.keyboard.press('Escape')
    await expect(mode).toBeHidden()
    await expect(page.getByRole('button', { name: 'Enter Focus Mode' })).toBeFocused()
  })
})

/** A second browser (its own storage and device id) signed in as the same account. */
async function secondDevice(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.DAYBASE_URL })
  await context.addInitScript(() => {
    localStorage.setItem(
      'daybase.consent',
      JSON.stringify({ version: 1, timestamp: new Date().toISOString(), analytics: false, geolocation: false, marketing: false, saleShareOptOut: true, limitSensitiveUse: true }),
    )
  })
  const page = await context.newPage()
  await signInToApp(page, account)
  return page
}

/**
 * How far the time a page shows is from what the session row says is left
 * (the ground truth every device computes from), in seconds.
 */
async function offTruth(page: Page, userId: string): Promise<number> {
  await page.bringToFront()
  const [row] = await select<{ started_at: string; duration_minutes: number; paused_duration_seconds: number }>('pomodoro_sessions', `user_id=eq.${userId}&status=eq.active&select=started_at,duration_minutes,paused_duration_seconds`,
  )
  if (!row) throw new Error('no active session')
  const before = Date.now()
  const shown = await clockSeconds(page)
  const truth = row.duration_minutes * 60 + row.paused_duration_seconds - ((before + Date.now()) / 2 - Date.parse(row.started_at)) / 1000
  // The timer shows whole seconds counted up.
  return shown - Math.ceil(truth)
}

/**
 * Holds the page's poll of the active session (000 §9, every 5 s) until the
 * returned release: meanwhile only the realtime channel can bring the page a
 * change, however long the machine takes to deliver it.
 */
async function holdPoll(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = []
  let holding = true
  const isPoll = (url: URL) => url.pathname.endsWith('/rest/v1/pomodoro_sessions') && url.searchParams.get('status') === 'in.(active,paused)'
  const handler = (route: Route) => (holding && route.request().method() === 'GET' ? void held.push(route) : route.fallback())
  await page.route(isPoll, handler)
  return async () => {
    holding = false
    await page.unroute(isPoll, handler)
    // A held request the app gave up on (aborted) has nothing to continue.
    for (const route of held) await route.fallback().catch(() => {})
  }
}

test('two devices stay in step through realtime and the 5 s poll', async ({ page, browser, account }) => {
  test.slow()
  const { userId } = await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/app/pomodoro')
  const other = await secondDevice(browser, account)
  await other.goto('/app/pomodoro')
  await expect(other.getByRole('timer')).toHaveText('25:00')
  // A third never opened the timer: no realtime channel, only the poll.
  const third = await secondDevice(browser, account)
  await third.goto('/app/notes')
  await expect(third.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible()

  await page.bringToFront()
  // Realtime: the other device follows with its poll held, so by the channel
  // alone, and shows the same time as the row gives, within a second (polled:
  // a starved renderer may paint a tick late).
  const releaseOther = await holdPoll(other)
  // The third's poll that finds the session (its only way to hear of it).
  const thirdPolled = third.waitForResponse(
    async (res) => new URL(res.url()).pathname.endsWith('/rest/v1/pomodoro_sessions') && (await res.text().catch(() => '')).includes('"status":"active"'),
    { timeout: 30_000 },
  )
  await page.getByRole('button', { name: 'Start focus' }).click()
  const started = Date.now()
  await expect(other.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: 30_000 })
  console.log(`realtime: the second device showed the session ${Date.now() - started} ms after the click`)
  await releaseOther()
  await expect.poll(async () => Math.abs(await offTruth(other, userId))).toBeLessThanOrEqual(1)
  await expect.poll(async () => Math.abs(await offTruth(page, userId))).toBeLessThanOrEqual(1)

  // The poll (every 5 s, 000 §9): its answer brings the third the progress bar under Pomodoro.
  await thirdPolled
  await expect(third.getByRole('navigation', { name: 'Modules' }).getByRole('progressbar', { name: 'Focus running' })).toBeVisible()
  console.log(`poll: the third device showed the progress bar ${Date.now() - started} ms after the click`)
  await shootAll(third, 'pomodoro-rail-progress')
  await third.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Pomodoro' }).click()
  await expect(third.getByRole('button', { name: 'Pause' })).toBeVisible()
  await expect.poll(async () => Math.abs(await offTruth(third, userId))).toBeLessThanOrEqual(1)

  // Paused on the second device: the first follows by realtime (its poll held), showing the same time.
  await other.bringToFront()
  const releasePage = await holdPoll(page)
  await other.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible({ timeout: 30_000 })
  await releasePage()
  // Both show the same paused time (each once its own answer is in).
  await expect
    .poll(async () => {
      const [here, there] = [await page.getByRole('timer').textContent(), await other.getByRole('timer').textContent()]
      return here === there ? here : `${here} here, ${there} on the other device`
    })
    .toMatch(/^\d\d:\d\d$/)
  const sessions = await sessionsOf(userId)
  expect(sessions.map((s) => s.status)).toEqual(['paused'])
  await other.context().close()
  await third.context().close()
})
