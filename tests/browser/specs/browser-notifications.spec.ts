import type { Page } from '@playwright/test'
import { insert, select, update } from '../db'
import { type Account, expect, serverUrl, signInToApp, signUpThroughApi, test } from '../fixtures'

// The browser-notification path of issue 21 (002 §4, 000 §3 and §9): a new
// notification arrives by the realtime INSERT subscription and shows a
// browser notification when the browser permits it and the user's browser
// channel is on and its priority threshold is met; the permission is asked
// once, 2 s after the app loads; a notification closes itself after 10 s
// unless it is about something overdue (a `deadline` row: the reminder
// scheduler's overdue kind), which requires interaction.
//
// The page's window.Notification is wrapped by an init script that records
// each construction, close() and requestPermission() and then calls the real
// one: the real Chromium Notification is still constructed, the wrapper only
// lets the test see it (headless Chromium draws no pop-up to look at).

type Shown = { title: string; body: string; tag: string; requireInteraction: boolean; at: number; closedAt: number | null }
type Log = { shown: Shown[]; asked: number[]; shellAt: number | null }

async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { shown: unknown[]; asked: number[]; shellAt: number | null } = { shown: [], asked: [], shellAt: null }
    ;(window as unknown as { __notifications: typeof log }).__notifications = log
    if (!('Notification' in window)) return
    const Real = window.Notification
    class Recorded extends Real {
      #entry: { closedAt: number | null }
      constructor(title: string, options?: NotificationOptions) {
        super(title, options)
        this.#entry = {
          title,
          body: options?.body ?? '',
          tag: options?.tag ?? '',
          requireInteraction: options?.requireInteraction ?? false,
          at: performance.now(),
          closedAt: null,
        } as { closedAt: number | null }
        log.shown.push(this.#entry)
      }
      close() {
        this.#entry.closedAt ??= performance.now()
        super.close()
      }
      static requestPermission(...args: Parameters<typeof Notification.requestPermission>) {
        log.asked.push(performance.now())
        return Real.requestPermission(...args)
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true })
    // When the signed-in shell first shows (its header's bell): "load" for the 2 s of the permission ask.
    new MutationObserver((_, observer) => {
      if (document.querySelector('button[aria-label^="Notifications"]')) {
        log.shellAt = performance.now()
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  })
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __notifications: Log }).__notifications)
const titles = async (page: Page) => (await recorded(page)).shown.map((n) => n.title)
const shownNamed = async (page: Page, title: string) => (await recorded(page)).shown.find((n) => n.title === title)

function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title })
}

/** Inserts a notification for the user (as the server's jobs do) and waits for its in-app toast. */
async function notify(page: Page, userId: string, row: { type: string; title: string; message?: string; priority: number }) {
  const [inserted] = await insert<{ id: string }>('notifications', {
    to_user_id: userId,
    type: row.type,
    title: row.title,
    message: row.message ?? '',
    metadata: { priority: row.priority },
  })
  await expect(toast(page, row.title)).toBeVisible({ timeout: 30_000 })
  // The row is there, unread, for the bell and the notifications page.
  expect(await select('notifications', `id=eq.${inserted?.id}&select=title,is_read,to_user_id`)).toEqual([{ title: row.title, is_read: false, to_user_id: userId }])
  return inserted?.id ?? ''
}

/** Signs in and waits until the realtime subscription delivers (it does not replay rows inserted before it joined). */
async function signedInAndSubscribed(page: Page, account: Account, userId: string) {
  await signInToApp(page, account)
  let warm = 0
  await expect(async () => {
    warm += 1
    await insert('notifications', { to_user_id: userId, type: 'system', title: `Warm-up ${warm}`, metadata: { priority: 4 } })
    await expect(toast(page, `Warm-up ${warm}`)).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 90_000 })
}

test.describe('browser notifications', () => {
  test.slow()

  test('the permission is asked once, 2 s after the app loads, and not again after a reload', async ({ page, account }) => {
    await signUpThroughApi(account)
    await recordNotifications(page)
    await page.clock.install()
    await signInToApp(page, account)
    // Not granted in this context: the browser's answer is still 'default', so the app asks.
    await expect.poll(async () => (await recorded(page)).asked.length, { timeout: 30_000 }).toBe(1)
    const first = await recorded(page)
    expect(first.shellAt).not.toBeNull()
    // Never before 2 s from the shell's first frame (the hook's timer starts as it mounts).
    expect((first.asked[0] ?? 0) - (first.shellAt ?? 0)).toBeGreaterThanOrEqual(1_900)
    expect(await page.evaluate(() => localStorage.getItem('daybase.notificationPermissionAsked'))).not.toBeNull()

    await page.reload()
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible({ timeout: 45_000 })
    await expect.poll(async () => (await recorded(page)).shellAt).not.toBeNull()
    // Well past the 2 s of this load: the app does not ask again.
    await page.clock.runFor(5_000)
    expect((await recorded(page)).asked).toEqual([])
  })

  test('a new notification shows as permitted, honouring the channel and its threshold, and closes after 10 s unless overdue', async ({ page, account }) => {
    const { userId } = await signUpThroughApi(account)
    await page.context().grantPermissions(['notifications'], { origin: serverUrl() })
    // The browser channel only for priority 3 (high) and above (000 §3); in-app keeps the default 1.
    // (Sign-up made the three rows with 000 §3's defaults.)
    await update('user_notification_preferences', `user_id=eq.${userId}&channel_type=eq.browser`, { priority_threshold: 3 })
    await recordNotifications(page)
    await page.clock.install()
    await signedInAndSubscribed(page, account, userId)
    // Granted already: nothing to ask.
    expect((await recorded(page)).asked).toEqual([])

    // Permitted, channel on, priority 4 ≥ 3: shown, with the notification's text.
    const urgentId = await notify(page, userId, { type: 'task_assigned', title: 'Ship the release notes', message: 'Bea assigned you a task', priority: 4 })
    await expect.poll(() => shownNamed(page, 'Ship the release notes')).toMatchObject({ body: 'Bea assigned you a task', tag: urgentId, requireInteraction: false, closedAt: null })

    // Below the threshold (priority 1 < 3): the toast shows (in-app threshold 1), the browser stays quiet.
    await notify(page, userId, { type: 'reminder', title: 'Water the plants', priority: 1 })
    // An overdue task's reminder (a deadline row), priority 3: shown and requires interaction.
    await notify(page, userId, { type: 'deadline', title: 'Overdue: File the tax return', message: 'This task is overdue', priority: 3 })
    await expect.poll(() => shownNamed(page, 'Overdue: File the tax return')).toMatchObject({ requireInteraction: true, closedAt: null })
    expect(await titles(page)).not.toContain('Water the plants')

    // Ten seconds after it showed, the ordinary one closes itself; the overdue one stays.
    await page.clock.runFor(10_500)
    await expect.poll(async () => (await shownNamed(page, 'Ship the release notes'))?.closedAt ?? null).not.toBeNull()
    const shown = await shownNamed(page, 'Ship the release notes')
    expect((shown?.closedAt ?? 0) - (shown?.at ?? 0)).toBeGreaterThanOrEqual(10_000)
    await page.clock.runFor(30_000)
    expect((await shownNamed(page, 'Overdue: File the tax return'))?.closedAt).toBeNull()

    // The browser channel turned off in Settings: the toast still shows, no browser notification.
    // Through the account menu, as a person does: the same page, so the live subscription stays.
    await page.getByRole('button', { name: /^Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    const channel = page.getByRole('switch', { name: 'Browser notifications' })
    await expect(channel).toBeChecked()
    await channel.click()
    await expect(channel).not.toBeChecked()
    await expect
      .poll(() => select('user_notification_preferences', `user_id=eq.${userId}&channel_type=eq.browser&select=enabled,priority_threshold`))
      .toEqual([{ enabled: false, priority_threshold: 3 }])
    // The live subscription reads the preferences the switch just changed (the same query cache).
    await notify(page, userId, { type: 'task_assigned', title: 'Review the budget', priority: 4 })
    expect(await titles(page)).not.toContain('Review the budget')
    expect(await titles(page)).toEqual(expect.arrayContaining(['Ship the release notes', 'Overdue: File the tax return']))
  })
})
