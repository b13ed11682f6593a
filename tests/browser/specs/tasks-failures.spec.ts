import type { Page, Route } from '@playwright/test'
import { test } from '../fixtures'
import { insert, projectsOf, select, tasksOf, update } from '../db'
import { expect, openButton, row, sidebar, signedIn } from '../tasks-helpers'

// The failure paths of the task module (001 §8): the server says no, the
// screen puts things back and says so in the spec's words, and the database
// is as it was. Where the server has a real refusal the journey provokes it
// (a project deleted elsewhere makes reorder_projects refuse); where the
// failure is the network's, the request is answered as the server answers
// an error: the protocol's JSON error body and status.

const projectRows = (page: Page) => sidebar(page).getByRole('list', { name: 'Projects' }).getByRole('listitem')

/** Answers a request as PostgREST answers a failed one. */
function refuse(status: number, code: string, message: string) {
  return (route: Route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ code, message, details: null, hint: null }),
    })
}

test('a reorder the server refuses says so and shows the saved order', async ({ page, account, consoleErrors }) => {
  consoleErrors.allow(/status of 403/)
  const userId = await signedIn(page, account)
  await insert('projects', [
    { user_id: userId, name: 'Alpha', sort_order: 1 },
    { user_id: userId, name: 'Bravo', sort_order: 2 },
    { user_id: userId, name: 'Charlie', sort_order: 3 },
  ])
  await page.goto('/app/tasks')
  await expect(projectRows(page)).toHaveText([/Alpha/, /Bravo/, /Charlie/])
  const charlie = (await projectsOf(userId)).find((p) => p.name === 'Charlie')

  // Charlie is deleted on another device; this screen has not heard yet, so
  // its new order names a project that is gone and the server refuses it
  // ('Only projects you own can be reordered', 42501).
  await sidebar(page).getByRole('link', { name: /^Alpha/ }).focus()
  await update('projects', `id=eq.${charlie?.id}`, { is_deleted: true })
  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByText('Reorder failed')).toBeVisible()
  await expect(page.getByText('Could not save project order')).toBeVisible()
  // The projects are fetched again: the saved order, without Charlie.
  await expect(projectRows(page)).toHaveText([/Alpha/, /Bravo/])
  const saved = (await projectsOf(userId)).filter((p) => !p.is_deleted).map((p) => [p.name, p.sort_order])
  expect(saved).toEqual([
    ['Alpha', 1],
    ['Bravo', 2],
  ])
})

test('a task dropped on a project while the network fails goes back', async ({ page, account, consoleErrors }) => {
  consoleErrors.allow(/status of 503/)
  const userId = await signedIn(page, account)
  await insert('projects', { user_id: userId, name: 'Errands' })
  await insert('tasks', { user_id: userId, title: 'Buy stamps' })
  await page.goto('/app/tasks?view=all')
  await expect(openButton(page, 'Buy stamps')).toBeVisible()
  await page.route('**/rest/v1/rpc/bulk_update_tasks', refuse(503, 'PGRST000', 'Could not connect to the database'))

  await row(page, 'Buy stamps').locator('[data-task-row]').dragTo(sidebar(page).getByRole('link', { name: /^Errands/ }))
  await expect(page.getByText('Move failed')).toBeVisible()
  await expect(page.getByText('Action failed')).toBeVisible()
  await expect(row(page, 'Buy stamps').getByText('Errands')).toHaveCount(0)
  const [task] = await tasksOf(userId)
  expect([task?.project_id, task?.list ?? null]).toEqual([null, null])
})

test('a task dragged to the Inbox while the network fails stays in its project', async ({ page, account, consoleErrors }) => {
  consoleErrors.allow(/status of 503/)
  const userId = await signedIn(page, account)
  const [project] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Errands' })
  await insert('tasks', { user_id: userId, title: 'Post the parcel', project_id: project?.id, list: 'Errands' })
  await page.goto('/app/tasks?view=all')
  await expect(row(page, 'Post the parcel').getByText('Errands')).toBeVisible()
  await page.route('**/rest/v1/rpc/bulk_update_tasks', refuse(503, 'PGRST000', 'Could not connect to the database'))

  await row(page, 'Post the parcel').locator('[data-task-row]').dragTo(sidebar(page).getByRole('link', { name: /^Inbox/ }))
  await expect(page.getByText('Move failed')).toBeVisible()
  await expect(page.getByText('Could not move task to Inbox')).toBeVisible()
  await expect(row(page, 'Post the parcel').getByText('Errands')).toBeVisible()
  expect((await tasksOf(userId))[0]?.project_id).toBe(project?.id)
})

test('a bulk change the server refuses is rolled back on every row', async ({ page, account, consoleErrors }) => {
  consoleErrors.allow(/status of 404/)
  const userId = await signedIn(page, account)
  await insert('tasks', ['Alpha', 'Bravo', 'Charlie'].map((title, i) => ({ user_id: userId, title, sort_order: i + 1 })))
  await page.goto('/app/tasks?view=inbox')
  await expect(openButton(page, 'Charlie')).toBeVisible()
  await openButton(page, 'Alpha').click({ modifiers: ['ControlOrMeta'] })
  await openButton(page, 'Charlie').click({ modifiers: ['Shift'] })
  const toolbar = page.getByRole('toolbar', { name: 'Selected tasks' })
  await expect(toolbar).toContainText('3 tasks selected')

  // bulk_update_tasks's own refusal of a task the caller cannot see (P0002, 404).
  await page.route('**/rest/v1/rpc/bulk_update_tasks', refuse(404, 'P0002', 'Task not found'))
  await toolbar.getByRole('button', { name: 'Priority' }).click()
  await page.getByRole('menuitem', { name: 'Priority 1 (urgent)' }).click()
  await expect(page.getByText('Error updating task')).toBeVisible()
  for (const title of ['Alpha', 'Bravo', 'Charlie']) {
    await expect(page.getByRole('checkbox', { name: `Complete ${title}`, exact: true })).not.toHaveClass(/border-red-500/)
  }
  expect((await tasksOf(userId)).map((t) => t.priority)).toEqual([0, 0, 0])
})

test('the invite link switch goes back when the link cannot be made', async ({ page, account, consoleErrors }) => {
  consoleErrors.allow(/status of 500/)
  const userId = await signedIn(page, account)
  const [project] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Wedding' })
  await page.goto(`/app/tasks/project/${project?.id}`)
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Share “Wedding”' })
  const toggle = dialog.getByRole('switch', { name: /Invite link/ })
  await expect(toggle).toBeEnabled()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')

  await page.route('**/rest/v1/rpc/create_project_invite_link', refuse(500, 'XX000', 'internal error'))
  await toggle.click()
  await expect(page.getByText('Invite link error')).toBeVisible()
  await expect(page.getByText('Please try again')).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await expect(dialog.getByRole('textbox', { name: 'Invite link address' })).toHaveCount(0)
  expect(await select('project_invites', `project_id=eq.${project?.id}&is_link=eq.true`)).toEqual([])

  // The network is back: the same switch makes the link.
  await page.unroute('**/rest/v1/rpc/create_project_invite_link')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  await expect.poll(async () => (await select('project_invites', `project_id=eq.${project?.id}&is_link=eq.true`)).length).toBe(1)
})
