import { insert } from '../db'
import { expect, signInToApp, signUpThroughApi, test } from '../fixtures'

// Issue 22: the dashboard's "Open in tasks" hands the task to the tasks
// screen (/app/tasks?taskId=), which selects it and opens it in the pane.

test('“Open in tasks” from a dashboard row opens the task in the tasks screen', async ({ page, account }) => {
  const { userId } = await signUpThroughApi(account)
  const today = new Date()
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`
  const [task] = await insert<{ id: string }>('tasks', { user_id: userId, title: 'Call the dentist', due_date: day })
  await insert('tasks', { user_id: userId, title: 'Book the car service', due_date: day })

  await signInToApp(page, account)
  const region = page.getByRole('region', { name: 'Today' })
  await expect(region.getByText('Call the dentist')).toBeVisible({ timeout: 30_000 })
  await region.getByRole('button', { name: 'Actions for Call the dentist' }).click()
  await page.getByRole('menuitem', { name: 'Open in tasks' }).click()

  await expect(page).toHaveURL(new RegExp(`/app/tasks\\?.*(taskId|edit)=${task?.id}`))
  const pane = page.getByRole('complementary', { name: 'Task details' })
  await expect(pane.getByRole('textbox', { name: 'Task title' })).toHaveValue('Call the dentist', { timeout: 30_000 })
  await expect(page).toHaveURL(new RegExp(`edit=${task?.id}`))
})
