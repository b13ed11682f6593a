import { test } from '../fixtures'
import { insert } from '../db'
import { expect, pane, signedIn } from '../tasks-helpers'

// The task's focus summary (002 §2) in the task pane, not only on
// /app/pomodoro: the focus timer's sessions on the task and the time spent.

test('the task pane shows the focus sessions spent on the task', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  const [task] = await insert<{ id: string }>('tasks', { user_id: userId, title: 'Write the report' })
  await insert<{ id: string }>('tasks', { user_id: userId, title: 'Water the plants' })
  const start = Date.now() - 3 * 3_600_000
  await insert('pomodoro_sessions', [
    {
      user_id: userId,
      task_id: task?.id,
      type: 'work',
      status: 'completed',
      duration_minutes: 25,
      started_at: new Date(start).toISOString(),
      ended_at: new Date(start + 25 * 60_000).toISOString(),
    },
    {
      user_id: userId,
      task_id: task?.id,
      type: 'work',
      status: 'completed',
      duration_minutes: 50,
      started_at: new Date(start + 30 * 60_000).toISOString(),
      ended_at: new Date(start + 80 * 60_000).toISOString(),
    },
  ])

  await page.goto(`/app/tasks?view=inbox&taskId=${task?.id}`)
  const summary = pane(page).getByRole('region', { name: 'Focus on Write the report' })
  await expect(summary).toContainText('1 h 15 min spent')
  await expect(summary.getByRole('listitem')).toHaveCount(2)

  // Another task: its own (empty) summary.
  await page.getByRole('button', { name: /^Water the plants/ }).click()
  await expect(pane(page).getByRole('region', { name: 'Focus on Water the plants' })).toContainText('No focus sessions on this task yet.')
})
