import type { Page } from '@playwright/test'
import { signUpThroughApi, serverUrl, test } from '../fixtures'
import { insert, select, update } from '../db'
import { autoSaved, expect, openButton, pane, shootAll, signedIn, taskLayoutSettled } from '../tasks-helpers'

// Issue 21: a task's activity log dialog (002 §2). A changes a task in the
// pane and reads who changed what and when, grouped by day; a teammate's
// comment arrives live while the dialog is open; the rows are the
// database's activity_logs.

async function reopenLog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Activity log' })
  // The pane's or the modal's own dialog: asked once the one the width shows is in place.
  await taskLayoutSettled(page)
  if (await dialog.isVisible()) return
  await page.getByRole('button', { name: 'Activity log' }).last().click()
  await expect(dialog).toBeVisible()
}

test('a task’s activity log shows who changed what, live', async ({ page, account }) => {
  test.setTimeout(300_000)
  const aId = await signedIn(page, account)
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const bAccount = { email: `bea-${id}@example.test`, password: `Pw-${id}-secret`, fullName: 'Bea Builder' }
  const { userId: bId, accessToken: bToken } = await signUpThroughApi(bAccount)

  // A team task assigned to B, so B may see it and comment.
  const [team] = await insert<{ id: string }>('teams', { name: 'Harbour', owner_id: aId })
  const teamId = team?.id ?? ''
  await insert('team_members', { team_id: teamId, user_id: bId, role: 'member', status: 'active' })
  const [task] = await insert<{ id: string }>('tasks', { user_id: aId, title: 'Chart the harbour', team_id: teamId })
  const taskId = task?.id ?? ''
  await insert('task_assignments', { task_id: taskId, assigned_to: bId, assigned_by: aId, team_id: teamId })

  // A renames the task and raises its priority in the pane.
  await page.goto('/app/tasks?view=inbox')
  await openButton(page, 'Chart the harbour').click()
  const p = pane(page)
  await p.getByRole('textbox', { name: 'Task title' }).fill('Chart the north harbour')
  await autoSaved(page)
  await p.getByRole('radio', { name: 'Priority 1 (urgent)' }).click()
  await autoSaved(page)
  await expect
    .poll(async () => (await select('activity_logs', `task_id=eq.${taskId}&user_id=eq.${aId}&activity_type=in.(title_changed,priority_changed)`)).length)
    .toBe(2)

  // At 390 px the task opens as a modal of its own, so a width change remounts the pane and closes the dialog.
  const reopen = () => reopenLog(page)
  // The dialog: today's entries, newest first, each saying who and what.
  await p.getByRole('button', { name: 'Activity log' }).click()
  const dialog = page.getByRole('dialog', { name: 'Activity log' })
  const today = dialog.getByRole('list', { name: 'Activity on Today' })
  await expect(today.getByRole('listitem', { name: 'You: changed priority from None to Urgent' })).toBeVisible()
  await expect(today.getByRole('listitem', { name: 'You: renamed task from "Chart the harbour" to "Chart the north harbour"' })).toBeVisible()
  await expect(today.getByRole('listitem', { name: 'You: created task "Chart the harbour"' })).toBeVisible()
  await expect(today.getByRole('listitem', { name: 'You: assigned to Bea Builder' })).toBeVisible()
  await expect(today.getByRole('listitem').first()).toHaveAccessibleName('You: changed priority from None to Urgent')
  await expect(today.getByRole('listitem').first()).toContainText('Just now')
  const logged = await select<{ activity_type: string; user_id: string }>('activity_logs', `task_id=eq.${taskId}&is_deleted=eq.false&order=created_at.desc,id.desc`)
  await expect(today.getByRole('listitem')).toHaveCount(logged.length)

  // B comments through the API as B; A's open dialog hears of it live, with B's name.
  const res = await fetch(`${serverUrl()}/rest/v1/task_comments`, {
    method: 'POST',
    headers: {
      apikey: process.env.DAYBASE_ANON_KEY ?? '',
      Authorization: `Bearer ${bToken}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify({ task_id: taskId, user_id: bId, content: 'Soundings are in', team_id: teamId }),
  })
  expect(res.status, await res.text()).toBe(201)
  await expect(today.getByRole('listitem').first()).toHaveAccessibleName('Bea Builder: added a comment')
  expect(await select('activity_logs', `task_id=eq.${taskId}&user_id=eq.${bId}&activity_type=eq.comment_added`)).toHaveLength(1)
  await shootAll(page, 'task-activity-dialog', async () => {
    await reopen()
    await expect(today.getByRole('listitem', { name: 'Bea Builder: added a comment' })).toBeVisible()
  })
  await reopen()

  // Closing with Escape gives focus back to the button.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(p.getByRole('button', { name: 'Activity log' })).toBeFocused()
})

test('a task’s activity log: empty and failed states', async ({ page, account, consoleErrors }) => {
  test.setTimeout(300_000)
  const aId = await signedIn(page, account)
  const [task] = await insert<{ id: string }>('tasks', { user_id: aId, title: 'Quiet task' })
  const taskId = task?.id ?? ''
  // A task whose history was cleared (the service deletes it softly) has nothing to show.
  await update('activity_logs', `task_id=eq.${taskId}`, { is_deleted: true })
  await page.goto('/app/tasks?view=inbox')
  await openButton(page, 'Quiet task').click()
  await pane(page).getByRole('button', { name: 'Activity log' }).click()
  const dialog = page.getByRole('dialog', { name: 'Activity log' })
  await expect(dialog.getByRole('heading', { name: 'No Activity Yet' })).toBeVisible()
  await shootAll(page, 'task-activity-empty', async () => {
    await reopenLog(page)
    await expect(dialog.getByRole('heading', { name: 'No Activity Yet' })).toBeVisible()
  })
  await page.keyboard.press('Escape')

  // The read fails: the dialog says so and Try Again reads again.
  consoleErrors.allow(/status of 503/)
  let refuse = true
  await page.route((url) => url.pathname.endsWith('/rest/v1/activity_logs'), (route) =>
    refuse
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'PGRST000', message: 'Could not connect to the database' }) })
      : route.continue(),
  )
  await pane(page).getByRole('button', { name: 'Activity log' }).click()
  await expect(dialog.getByRole('heading', { name: 'Failed to Load Activity Log' })).toBeVisible()
  await expect(dialog.getByText('Failed to fetch activity logs')).toBeVisible()
  refuse = false
  await dialog.getByRole('button', { name: 'Try Again' }).click()
  await expect(dialog.getByRole('heading', { name: 'No Activity Yet' })).toBeVisible()
})
