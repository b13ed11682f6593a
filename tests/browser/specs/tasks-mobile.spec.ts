import { screenshot, test } from '../fixtures'
import { insert, tasksOf } from '../db'
import { expect, openButton, signedIn } from '../tasks-helpers'

// At 768 px and narrower a task opens in a modal with Save changes, Cancel
// and Delete instead of the side pane (001 §2).

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test('the 390 px modal saves on Save changes, drops on Cancel, deletes on Delete', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await insert('projects', { user_id: userId, name: 'Home' })
  await insert('tasks', [{ user_id: userId, title: 'Fix the shelf' }, { user_id: userId, title: 'Throw away' }])
  await page.goto('/app/tasks?view=inbox')
  await openButton(page, 'Fix the shelf').tap()
  const modal = page.getByRole('dialog', { name: 'Edit task' })
  await expect(modal).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Task details' })).toHaveCount(0)

  // Cancel drops the edit.
  await modal.getByRole('textbox', { name: 'Task title' }).fill('Fix the bookshelf')
  await modal.getByRole('button', { name: 'Cancel' }).tap()
  await expect(modal).toHaveCount(0)
  await page.waitForTimeout(1500)
  expect((await tasksOf(userId)).map((t) => t.title)).toEqual(['Fix the shelf', 'Throw away'])

  // Save changes saves every changed field at once.
  await openButton(page, 'Fix the shelf').tap()
  await modal.getByRole('textbox', { name: 'Task title' }).fill('Fix the bookshelf')
  await modal.getByRole('textbox', { name: 'Notes' }).fill('Screws in the drawer')
  await modal.getByRole('radio', { name: 'Priority 2 (high)' }).tap()
  await modal.getByRole('combobox', { name: 'Project' }).selectOption('Home')
  await screenshot(page, 'tasks-modal-390')
  await modal.getByRole('button', { name: 'Save changes' }).tap()
  await expect(modal).toHaveCount(0)
  await expect
    .poll(async () => {
      const t = (await tasksOf(userId, '&title=eq.Fix%20the%20bookshelf'))[0]
      return t ? [t.notes, t.priority, t.list] : null
    })
    .toEqual(['Screws in the drawer', 3, 'Home'])

  // Delete asks, then deletes.
  await openButton(page, 'Throw away').tap()
  await modal.getByRole('button', { name: 'Delete', exact: true }).tap()
  await page.getByRole('alertdialog', { name: 'Delete task' }).getByRole('button', { name: 'Delete' }).tap()
  await expect(openButton(page, 'Throw away')).toHaveCount(0)
  await expect.poll(async () => (await tasksOf(userId, '&title=eq.Throw%20away'))[0]?.is_deleted).toBe(true)

  // The module sidebar is a drawer on a phone: its project takes a task moved from the list.
  await page.getByRole('button', { name: 'Open menu' }).tap()
  await expect(page.getByRole('navigation', { name: 'Tasks' }).last().getByRole('link', { name: /^Home/ })).toBeVisible()
})
