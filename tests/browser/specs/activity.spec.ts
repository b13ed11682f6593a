import { type Page } from '@playwright/test'
import { secondPerson, signUpThroughApi, test } from '../fixtures'
import { insert, select } from '../db'
import { expect, makePro, openButton, pane, row, shootAll, sidebar, signedIn } from '../tasks-helpers'

// Issue 21, the second half of collaboration with two people at once: the
// bell's dropdown and an invitation that stays answered, the assignee on
// task rows and "Assigned to me", and /app/activity — B's action appears
// live in A's activity log and A's bell.

const feed = (page: Page) => page.getByRole('main')

test('activity, bell dropdown, assignee avatars and Assigned to me, with two people', async ({ page, account, browser }) => {
  // Two browsers and 16 screenshots: at a load of 40 this took over 5 minutes.
  test.setTimeout(600_000)
  const aId = await signedIn(page, account)
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const bAccount = { email: `bea-${id}@example.test`, password: `Pw-${id}-secret`, fullName: 'Bea Builder' }
  const { userId: bId } = await signUpThroughApi(bAccount)

  // A new account's activity log is empty.
  await page.goto('/app/activity')
  await expect(page.getByRole('heading', { name: 'No Activity Yet' })).toBeVisible()
  await shootAll(page, 'activity-empty', () => expect(page.getByRole('heading', { name: 'No Activity Yet' })).toBeVisible())

  // A's team invites B; B hears of it in the bell, opens it from the dropdown and accepts.
  const [team] = await insert<{ id: string }>('teams', { name: 'Orbit', owner_id: aId })
  const teamId = team?.id ?? ''
  await insert('team_invitations', { team_id: teamId, email: bAccount.email, role: 'member', invited_by: aId })
  const b = await secondPerson(browser, bAccount)
  const bBell = b.page.getByRole('button', { name: /^Notifications \(1 unread\)$/ })
  await bBell.click()
  const bDropdown = b.page.getByRole('dialog', { name: 'Notifications' })
  await expect(bDropdown.getByRole('region', { name: 'Invitations' }).getByRole('button', { name: 'Team invitation (unread)' })).toBeVisible()
  await bDropdown.getByRole('button', { name: 'Team invitation (unread)' }).click()
  await expect(b.page).toHaveURL(/\/app\/notifications$/)
  const bList = b.page.getByRole('list', { name: 'Notifications' })
  await bList.getByRole('listitem', { name: 'Team invitation' }).getByRole('button', { name: 'Accept' }).click()
  await expect(b.page.getByRole('heading', { name: 'Orbit', level: 1 })).toBeVisible()
  await expect
    .poll(async () => (await select<{ status: string }>('team_members', `team_id=eq.${teamId}&user_id=eq.${bId}`))[0]?.status)
    .toBe('active')
  // Marked read by a request of its own once the accept has answered.
  await expect
    .poll(async () => (await select<{ is_read: boolean }>('notifications', `to_user_id=eq.${bId}&type=eq.system`))[0]?.is_read)
    .toBe(true)
  // Answered stays answered: after a reload the invitation says Accepted and offers nothing.
  await b.page.goto('/app/notifications')
  const invitation = bList.getByRole('listitem', { name: 'Team invitation' })
  await expect(invitation.getByText('Accepted')).toBeVisible()
  await expect(invitation.getByRole('button', { name: 'Accept' })).toHaveCount(0)

  // A assigns a task to B (the assignment itself is teams.spec's journey); both rows show the assignee.
  const [task] = await insert<{ id: string }>('tasks', { user_id: aId, title: 'Chart the course' })
  const taskId = task?.id ?? ''
  await insert('task_assignments', { task_id: taskId, assigned_to: bId, assigned_by: aId, team_id: teamId })
  await page.goto('/app/tasks?view=inbox')
  await expect(row(page, 'Chart the course').getByRole('img', { name: 'Assigned to Bea Builder' })).toBeVisible()
  await expect
    .poll(async () => (await select<{ assigned_to: string }>('tasks', `id=eq.${taskId}`))[0]?.assigned_to)
    .toBe(bId)

  // B's "Assigned to me" lists it, with B's own avatar.
  await b.page.goto('/app/tasks')
  const assigned = sidebar(b.page).getByRole('link', { name: /Assigned to me/ })
  await expect(assigned).toContainText('1')
  await assigned.click()
  await expect(b.page).toHaveURL(/view=assigned/)
  await expect(row(b.page, 'Chart the course').getByRole('img', { name: 'Assigned to Bea Builder (you)' })).toBeVisible()
  await shootAll(b.page, 'tasks-assigned-to-me', () => expect(row(b.page, 'Chart the course')).toBeVisible())

  // A watches the activity log; B hands the task back; it arrives live in A's log and bell.
  await page.goto('/app/activity')
  const today = feed(page).getByRole('list', { name: 'Activity on Today' })
  await expect(today.getByRole('listitem', { name: 'You: assigned to Bea Builder' })).toBeVisible()
  await expect(today.getByRole('listitem', { name: 'You: created task "Chart the course"' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible()
  await openButton(b.page, 'Chart the course').click()
  await pane(b.page).getByRole('combobox', { name: 'Assignee' }).selectOption({ label: account.fullName })
  await expect(b.page.getByText('Task assigned successfully')).toBeVisible()
  await expect.poll(async () => (await select<{ assigned_to: string }>('tasks', `id=eq.${taskId}`))[0]?.assigned_to).toBe(aId)
  const logged = await select<{ user_id: string }>('activity_logs', `task_id=eq.${taskId}&activity_type=eq.task_assigned&user_id=eq.${bId}`)
  expect(logged).toHaveLength(1)
  await expect(today.getByRole('listitem', { name: `Bea Builder: assigned to ${account.fullName}` })).toBeVisible({ timeout: 20_000 })
  const aBell = page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ })
  await expect(aBell).toBeVisible({ timeout: 20_000 })

  // Filter by kind (kept in the URL), then clear.
  await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Created' })
  await expect(page).toHaveURL(/type=task_created/)
  await expect(today.getByRole('listitem')).toHaveCount(1)
  await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'All kinds of change' })
  await expect(today.getByRole('listitem', { name: `Bea Builder: assigned to ${account.fullName}` })).toBeVisible()

  // A's bell: the assignment under Assignments opens the task and is read.
  await aBell.click()
  const aDropdown = page.getByRole('dialog', { name: 'Notifications' })
  await expect(aDropdown.getByRole('region', { name: 'Assignments' })).toBeVisible()
  await shootAll(page, 'bell-dropdown', async () => {
    if (!(await aDropdown.isVisible())) await page.getByRole('button', { name: /^Notifications/ }).click()
    await expect(aDropdown.getByRole('button', { name: 'Task assigned to you (unread)' })).toBeVisible()
  })
  if (!(await aDropdown.isVisible())) await page.getByRole('button', { name: /^Notifications/ }).click()
  await aDropdown.getByRole('button', { name: 'Task assigned to you (unread)' }).click()
  // ?taskId= opens the task, then reads ?edit= (the pane).
  await expect(page).toHaveURL(new RegExp(`(taskId|edit)=${taskId}`))
  await expect(pane(page)).toBeVisible()
  await expect
    .poll(async () => (await select<{ is_read: boolean }>('notifications', `to_user_id=eq.${aId}&type=eq.task_assigned`))[0]?.is_read)
    .toBe(true)

  // Paging: 80 older entries over the past days (Pro keeps 12 months of
  // history) load as the end scrolls into view.
  await makePro(aId)
  const old = Array.from({ length: 80 }, (_, i) => ({
    user_id: aId,
    activity_type: 'task_updated',
    activity_description: `Old change ${i + 1}`,
    entity_name: 'Archive',
    created_at: new Date(Date.now() - (i + 1) * 1.5 * 3600_000 - 24 * 3600_000).toISOString(),
  }))
  await insert('activity_logs', old)
  await page.goto('/app/activity')
  await expect(feed(page).getByRole('region')).not.toHaveCount(1)
  await expect(page.getByRole('heading', { name: 'Activity log', level: 1 })).toBeVisible()
  await shootAll(page, 'activity', () => expect(feed(page).getByRole('region', { name: 'Today' })).toBeVisible())
  const entries = feed(page).getByRole('listitem')
  await expect(entries).toHaveCount(50)
  await page.getByText('Load more').scrollIntoViewIfNeeded()
  await expect(page.getByText(/That is everything/)).toBeVisible()
  const total = 80 + (await select('activity_logs', `user_id=eq.${aId}&task_id=eq.${taskId}`)).length +
    (await select('activity_logs', `user_id=eq.${bId}&task_id=eq.${taskId}`)).length
  await expect(entries).toHaveCount(total)

  expect(b.errors, 'console errors of the second person').toEqual([])
  await b.page.context().close()
})
