import { test } from '../fixtures'
import { insert, tasksOf } from '../db'
import { expect, shootAll, signedIn } from '../tasks-helpers'

// The Eisenhower matrix (/app/matrix, issue 19): quadrants by importance and
// urgency, drag between them, add into one, complete to leave.

test('tasks sit in their quadrants, move by drag, are added and completed there', async ({ page, account }) => {
  test.setTimeout(180_000)
  const userId = await signedIn(page, account)
  await insert('tasks', [
    { user_id: userId, title: 'Fix the outage', importance: 3, urgency: 3 },
    { user_id: userId, title: 'Plan next year', importance: 3, urgency: 0 },
    { user_id: userId, title: 'Answer the survey', importance: 0, urgency: 2 },
    { user_id: userId, title: 'Sort old photos', importance: 0, urgency: 0 },
  ])
  await page.goto('/app/matrix')
  const q = (name: string) => page.getByRole('region', { name, exact: true })
  await expect(q('Do first').getByRole('button', { name: /^Fix the outage/ })).toBeVisible()
  await expect(q('Schedule').getByRole('button', { name: /^Plan next year/ })).toBeVisible()
  await expect(q('Delegate').getByRole('button', { name: /^Answer the survey/ })).toBeVisible()
  await expect(q('Eliminate').getByRole('button', { name: /^Sort old photos/ })).toBeVisible()
  await expect(q('Do first').getByLabel('1 tasks')).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Module' })).toHaveCount(0)
  await shootAll(page, 'matrix', async () => {
    await expect(q('Eliminate').getByRole('button', { name: /^Sort old photos/ })).toBeVisible()
  })

  // Drag "Sort old photos" onto Schedule: important, not urgent.
  const card = q('Eliminate').getByRole('button', { name: /^Sort old photos/ })
  const target = q('Schedule')
  const from = await card.boundingBox()
  const to = await target.boundingBox()
  if (!from || !to) throw new Error('no boxes')
  await page.mouse.move(from.x + 10, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 5 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 })
  await page.mouse.up()
  await expect(q('Schedule').getByRole('button', { name: /^Sort old photos/ })).toBeVisible()
  await expect
    .poll(async () => {
      const [t] = await tasksOf(userId, '&title=eq.Sort%20old%20photos')
      return t && [t.importance, t.urgency]
    })
    .toEqual([3, 0])

  // Add straight into Delegate.
  await q('Delegate').getByRole('textbox', { name: 'New task in Delegate' }).fill('Book the venue')
  await q('Delegate').getByRole('textbox', { name: 'New task in Delegate' }).press('Enter')
  await expect(q('Delegate').getByRole('button', { name: /^Book the venue/ })).toBeVisible()
  await expect
    .poll(async () => {
      const [t] = await tasksOf(userId, '&title=eq.Book%20the%20venue')
      return t && [t.importance, t.urgency]
    })
    .toEqual([0, 3])

  // Completing leaves the matrix.
  await q('Do first').getByRole('checkbox', { name: 'Complete Fix the outage' }).click()
  await expect(q('Do first').getByRole('button', { name: /^Fix the outage/ })).toHaveCount(0)
  await expect.poll(async () => (await tasksOf(userId, '&title=eq.Fix%20the%20outage'))[0]?.is_completed).toBe(true)
})
