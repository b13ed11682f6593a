import type { Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert, tasksOf, update } from '../db'
import { expect, autoSaved, openButton, pane, signedIn } from '../tasks-helpers'
import { shootAll } from '../shots'

// The offline app (issue 26): changes made offline queue in IndexedDB and
// replay in order on reconnect; the query cache is kept per user so a reload
// offline opens with data; an edit that meets a newer one from another
// device keeps the server's values for the fields both changed and says so.

/** Offline, the browser logs each request it could not send. */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|WebSocket/

/** Whether the saved query cache of userId (lib/persisted-cache.ts) holds text. */
async function savedCacheHolds(page: Page, userId: string, text: string): Promise<boolean> {
  return page.evaluate(
    ([key, want]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store')
        // Never create the database: one made here, without the app's
        // store, would break the app's own open (it loads at idle).
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(false)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keyval')) return resolve(false)
          const get = db.transaction('keyval').objectStore('keyval').get(key)
          get.onsuccess = () => resolve(typeof get.result === 'string' && get.result.includes(want))
          get.onerror = () => resolve(false)
        }
      }),
    [`daybase.query-cache.${userId}`, text] as const,
  )
}

async function one(userId: string, title: string) {
  const rows = await tasksOf(userId, `&title=eq.${encodeURIComponent(title)}`)
  return rows[0]
}

async function openInbox(page: Page, userId: string, first: string) {
  await page.goto('/app/tasks?view=inbox')
  await expect(openButton(page, first)).toBeVisible()
  // The worker controls the page (it answers the reload offline) and the cache is saved.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await expect.poll(() => savedCacheHolds(page, userId, first)).toBe(true)
  // Every screen's scripts are cached (the edit pane was never opened online).
  await expect.poll(() => page.evaluate(async () => (await caches.match('/__precached')) !== undefined), { timeout: 120_000 }).toBe(true)
}

test('offline: create, complete and edit, reload with data, reconnect and the database holds it', async ({ page, context, account, consoleErrors }) => {
  test.setTimeout(240_000)
  consoleErrors.allow(OFFLINE_NOISE)
  const userId = await signedIn(page, account)
  await insert('tasks', [
    { user_id: userId, title: 'Water the plants' },
    { user_id: userId, title: 'Write the report' },
    { user_id: userId, title: 'Old receipts' },
  ])
  await openInbox(page, userId, 'Water the plants')

  await context.setOffline(true)
  const status = page.getByTestId('offline-status')
  await expect(status).toContainText('Offline')

  // Create.
  await page.keyboard.press('a')
  const input = page.getByRole('textbox', { name: /New task in/ })
  await input.fill('Buy stamps')
  await input.press('Enter')
  await page.keyboard.press('Escape')
  await expect(openButton(page, 'Buy stamps')).toBeVisible()
  // Complete.
  await page.getByRole('checkbox', { name: 'Complete Water the plants' }).click()
  // Edit (the pane saves itself).
  await openButton(page, 'Write the report').click()
  await pane(page).getByRole('textbox', { name: 'Task title' }).fill('Write the annual report')
  await autoSaved(page)
  await page.keyboard.press('Escape')
  // Delete (asks first, as online).
  await openButton(page, 'Old receipts').click()
  await pane(page).getByRole('button', { name: 'More task actions' }).click()
  await page.getByRole('menuitem', { name: 'Delete task' }).click()
  await page.getByRole('alertdialog', { name: 'Delete task' }).getByRole('button', { name: 'Delete' }).click()
  await expect(pane(page)).toHaveCount(0)
  await expect(openButton(page, 'Old receipts')).toHaveCount(0)
  await expect(status).toContainText('4 changes to sync')
  await shootAll(page, 'offline-pending', async () => {
    await expect(status).toBeVisible()
  })

  // Nothing reached the server yet.
  expect(await one(userId, 'Buy stamps')).toBeUndefined()

  // A reload offline opens with the saved cache and the waiting changes.
  await expect.poll(() => savedCacheHolds(page, userId, 'Write the annual report')).toBe(true)
  await page.reload()
  await expect(openButton(page, 'Buy stamps')).toBeVisible()
  await expect(openButton(page, 'Write the annual report')).toBeVisible()
  await expect(openButton(page, 'Old receipts')).toHaveCount(0)
  await expect(status).toContainText('Offline · 4 changes to sync')

  await context.setOffline(false)
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Offline changes synced' })).toBeVisible()
  await expect(status).toBeHidden()
  await expect.poll(async () => (await one(userId, 'Buy stamps'))?.is_completed).toBe(false)
  await expect.poll(async () => (await one(userId, 'Water the plants'))?.is_completed).toBe(true)
  await expect.poll(async () => (await one(userId, 'Write the annual report'))?.title).toBe('Write the annual report')
  expect(await one(userId, 'Write the report')).toBeUndefined()
  await expect.poll(async () => (await one(userId, 'Old receipts'))?.is_deleted).toBe(true)
})

test('an offline edit that meets a newer one from another device keeps the server’s fields and lists them', async ({
  page,
  context,
  account,
  consoleErrors,
}) => {
  test.setTimeout(180_000)
  consoleErrors.allow(OFFLINE_NOISE)
  const userId = await signedIn(page, account)
  const [task] = await insert<{ id: string }>('tasks', { user_id: userId, title: 'Plan the trip' })
  await openInbox(page, userId, 'Plan the trip')

  await context.setOffline(true)
  await openButton(page, 'Plan the trip').click()
  await pane(page).getByRole('textbox', { name: 'Task title' }).fill('Plan the summer trip')
  await pane(page).getByRole('textbox', { name: 'Notes' }).fill('Book the ferry')
  await autoSaved(page)
  await page.keyboard.press('Escape')

  // Meanwhile, another device renames it.
  await update('tasks', `id=eq.${task!.id}`, { title: 'Plan the ski trip' })

  await context.setOffline(false)
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Changed on another device' })
  await expect(toast).toBeVisible()
  // Information to read, not an error: nothing was lost, the newer title was kept.
  await expect(toast).toHaveAttribute('data-type', 'info')
  await expect(toast.getByTestId('sync-conflicts')).toContainText('title: kept “Plan the ski trip” (yours was “Plan the summer trip”)')
  await shootAll(page, 'offline-conflict', async () => {
    await expect(toast).toBeVisible()
  })
  // Its action opens the task to check it.
  await toast.getByRole('button', { name: 'Open task' }).click()
  await expect(pane(page).getByRole('textbox', { name: 'Task title' })).toHaveValue('Plan the ski trip')
  await expect(pane(page).getByRole('textbox', { name: 'Notes' })).toHaveValue('Book the ferry')
  // The server's newer title stays; the notes, which only this device changed, are applied.
  await expect
    .poll(async () => {
      const rows = await tasksOf(userId, `&id=eq.${task!.id}`)
      return [rows[0]?.title, rows[0]?.notes]
    })
    .toEqual(['Plan the ski trip', 'Book the ferry'])
  await expect(openButton(page, 'Plan the ski trip')).toBeVisible()
})

test.describe('offline code that could not load', () => {
  // The service worker would answer /assets/ itself, out of page.route's reach.
  test.use({ serviceWorkers: 'block' })

  test('leaves the screen working, without the indicator', async ({ page, account, consoleErrors }) => {
    consoleErrors.allow(/offline-status|dynamically imported module|Failed to load resource|The above error occurred/)
    const userId = await signedIn(page, account)
    await insert('tasks', { user_id: userId, title: 'Still here' })
    // Its chunk fails as it does when the connection drops before the chunk came (it loads at idle, or on going offline).
    await page.route(/\/assets\/offline-status-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'))
    const caught = page.waitForEvent('console', {
      predicate: (m) => m.type() === 'warning' && m.text().startsWith('The offline indicator could not load'),
      timeout: 30_000,
    })
    await page.goto('/app/tasks?view=inbox')
    await caught
    await expect(openButton(page, 'Still here')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible()
  })
})
