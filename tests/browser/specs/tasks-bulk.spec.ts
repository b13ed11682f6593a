import type { Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert, select, tasksOf } from '../db'
import { expect, openButton, pane, row, signedIn, undoButton } from '../tasks-helpers'

// Bulk operations (000 §9): select with click, Shift-click and
// Ctrl/Cmd-click, or a select mode on touch; each operation is one request
// with one Undo for the batch.

const TITLES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']

async function seed(userId: string) {
  await insert(
    'tasks',
    TITLES.map((title, i) => ({ user_id: userId, title, sort_order: i + 1 })),
  )
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Selected tasks' })

/** Counts the bulk RPC's requests while run runs. */
async function requestsDuring(page: Page, run: () => Promise<void>): Promise<number> {
  let n = 0
  const count = (r: { url: () => string }) => {
    if (r.url().includes('/rest/v1/rpc/bulk_update_tasks')) n += 1
  }
  page.on('request', count)
  await run()
  page.off('request', count)
  return n
}

test('select with Ctrl-click and Shift-click; complete, priority, due date, tag, move, delete, each with Undo', async ({ page, account }) => {
  test.setTimeout(180_000)
  const userId = await signedIn(page, account)
  await seed(userId)
  await insert('projects', { user_id: userId, name: 'Chores' })
  await page.goto('/app/tasks?view=inbox')
  await expect(openButton(page, 'Echo')).toBeVisible()

  // Ctrl-click Bravo, Shift-click Delta: Bravo, Charlie, Delta.
  await openButton(page, 'Bravo').click({ modifiers: ['ControlOrMeta'] })
  await openButton(page, 'Delta').click({ modifiers: ['Shift'] })
  await expect(toolbar(page)).toContainText('3 tasks selected')
  await expect(pane(page)).toHaveCount(0)
  // Ctrl-click Charlie again: it leaves the selection.
  await openButton(page, 'Charlie').click({ modifiers: ['ControlOrMeta'] })
  await expect(toolbar(page)).toContainText('2 tasks selected')

  // Priority: one request; Undo puts each task back.
  const byTitle = async () => Object.fromEntries((await tasksOf(userId)).map((t) => [t.title, t]))
  let n = await requestsDuring(page, async () => {
    await toolbar(page).getByRole('button', { name: 'Priority' }).click()
    await page.getByRole('menuitem', { name: 'Priority 1 (urgent)' }).click()
    await expect(page.getByText('Priority set on 2 tasks')).toBeVisible()
  })
  expect(n).toBe(1)
  await expect.poll(async () => [(await byTitle()).Bravo?.priority, (await byTitle()).Delta?.priority, (await byTitle()).Charlie?.priority]).toEqual([4, 4, 0])
  await expect(toolbar(page)).toHaveCount(0)
  n = await requestsDuring(page, async () => {
    await undoButton(page, 'Priority set on 2 tasks').click()
    await expect(page.getByText('Undone')).toBeVisible()
  })
  expect(n).toBe(1)
  await expect.poll(async () => [(await byTitle()).Bravo?.priority, (await byTitle()).Delta?.priority]).toEqual([0, 0])

  // Due date tomorrow for Alpha and Echo.
  await openButton(page, 'Alpha').click({ modifiers: ['ControlOrMeta'] })
  await openButton(page, 'Echo').click({ modifiers: ['ControlOrMeta'] })
  await toolbar(page).getByRole('button', { name: 'Due date' }).click()
  await page.getByRole('menuitem', { name: 'Tomorrow' }).click()
  await expect(page.getByText('2 tasks due tomorrow')).toBeVisible()
  await expect.poll(async () => [(await byTitle()).Alpha?.due_date !== null, (await byTitle()).Echo?.due_date !== null]).toEqual([true, true])
  await expect(row(page, 'Alpha').getByText('Tomorrow')).toBeVisible()

  // Add a tag to tasks that already have different tags.
  await openButton(page, 'Alpha').click({ modifiers: ['ControlOrMeta'] })
  await openButton(page, 'Bravo').click({ modifiers: ['ControlOrMeta'] })
  await toolbar(page).getByRole('button', { name: 'Add tag' }).click()
  await page.getByRole('combobox', { name: 'Tag to add' }).fill('weekend')
  await page.getByRole('button', { name: 'Add to 2 tasks' }).click()
  await expect(page.getByText('Tag weekend added to 2 tasks')).toBeVisible()
  await expect.poll(async () => [(await byTitle()).Alpha?.tags, (await byTitle()).Bravo?.tags]).toEqual(['weekend', 'weekend'])
  await expect.poll(async () => (await select<{ name: string }>('global_tags', `user_id=eq.${userId}`)).map((t) => t.name)).toEqual(['weekend'])

  // Move to a project; Undo brings them back to the Inbox.
  await openButton(page, 'Alpha').click({ modifiers: ['ControlOrMeta'] })
  await openButton(page, 'Bravo').click({ modifiers: ['ControlOrMeta'] })
  await toolbar(page).getByRole('button', { name: 'Move' }).click()
  await page.getByRole('menuitem', { name: 'Chores' }).click()
  await expect(page.getByText('2 tasks moved to Chores')).toBeVisible()
  await expect(openButton(page, 'Alpha')).toHaveCount(0)
  await expect.poll(async () => [(await byTitle()).Alpha?.list, (await byTitle()).Bravo?.list]).toEqual(['Chores', 'Chores'])
  await undoButton(page, '2 tasks moved to Chores').click()
  await expect(openButton(page, 'Alpha')).toBeVisible()
  await expect.poll(async () => [(await byTitle()).Alpha?.project_id, (await byTitle()).Bravo?.project_id]).toEqual([null, null])

  // Complete three; Undo reopens all three in one request.
  await openButton(page, 'Alpha').click({ modifiers: ['ControlOrMeta'] })
  await openButton(page, 'Charlie').click({ modifiers: ['Shift'] })
  await toolbar(page).getByRole('button', { name: 'Complete' }).click()
  await expect(page.getByText('3 tasks completed')).toBeVisible()
  await expect(openButton(page, 'Alpha')).toHaveCount(0)
  await expect.poll(async () => (await tasksOf(userId, '&is_completed=eq.true')).map((t) => t.title)).toEqual(['Alpha', 'Bravo', 'Charlie'])
  n = await requestsDuring(page, async () => {
    await undoButton(page, '3 tasks completed').click()
    await expect(openButton(page, 'Alpha')).toBeVisible()
  })
  expect(n).toBe(1)
  await expect.poll(async () => (await tasksOf(userId, '&is_completed=eq.true')).length).toBe(0)

  // Delete two; Undo restores them.
  await openButton(page, 'Delta').click({ modifiers: ['ControlOrMeta'] })
  await openButton(page, 'Echo').click({ modifiers: ['ControlOrMeta'] })
  await toolbar(page).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('2 tasks deleted')).toBeVisible()
  await expect(openButton(page, 'Delta')).toHaveCount(0)
  await expect.poll(async () => (await tasksOf(userId, '&is_deleted=eq.true')).map((t) => t.title)).toEqual(['Delta', 'Echo'])
  await undoButton(page, '2 tasks deleted').click()
  await expect(openButton(page, 'Delta')).toBeVisible()
  await expect.poll(async () => (await tasksOf(userId, '&is_deleted=eq.true')).length).toBe(0)

  // Escape clears a selection.
  await openButton(page, 'Delta').click({ modifiers: ['ControlOrMeta'] })
  await expect(toolbar(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(toolbar(page)).toHaveCount(0)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('select mode: taps select, the bar acts on them', async ({ page, account }) => {
    const userId = await signedIn(page, account)
    await seed(userId)
    await page.goto('/app/tasks?view=inbox')
    await page.getByRole('button', { name: 'Select', exact: true }).tap()
    await openButton(page, 'Alpha').tap()
    await openButton(page, 'Bravo').tap()
    await expect(toolbar(page)).toContainText('2 tasks selected')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await toolbar(page).getByRole('button', { name: 'Complete' }).tap()
    await expect(page.getByText('2 tasks completed')).toBeVisible()
    await expect.poll(async () => (await tasksOf(userId, '&is_completed=eq.true')).map((t) => t.title)).toEqual(['Alpha', 'Bravo'])
  })
})
