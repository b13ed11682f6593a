import { secondPerson, serverUrl, signUpThroughApi, test } from '../fixtures'
import { insert, select } from '../db'
import { expect, pane, shootAll, signedIn } from '../tasks-helpers'

// Teams with two people at once (002 §2, §4, §7, §8): A creates a team and
// invites B; B joins through the link; A assigns B a task; B hears of it
// live and reads it in the notifications; roles, removal and deletion.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

test('a team: create, invite, join by link, assign, notify live, roles, remove, delete', async ({ page, account, browser }) => {
  test.setTimeout(300_000)
  const aId = await signedIn(page, account)
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const bAccount = { email: `bea-${id}@example.test`, password: `Pw-${id}-secret`, fullName: 'Bea Builder' }
  const { userId: bId } = await signUpThroughApi(bAccount)

  // The empty list, then a team.
  await page.goto('/app/teams')
  await expect(page.getByRole('heading', { name: 'No teams yet' })).toBeVisible()
  await shootAll(page, 'teams-empty', () => expect(page.getByRole('heading', { name: 'No teams yet' })).toBeVisible())
  await page.getByRole('link', { name: 'New team' }).first().click()
  await page.getByRole('button', { name: 'Create team' }).click()
  await expect(page.getByText('Team name is required')).toBeVisible()
  await page.getByRole('textbox', { name: 'Team name' }).fill('Apollo')
  await page.getByRole('textbox', { name: 'Description' }).fill('The launch crew')
  await page.getByRole('button', { name: 'Create team' }).click()
  await expect(page.getByRole('heading', { name: 'Apollo', level: 1 })).toBeVisible()
  const [team] = await select<{ id: string; owner_id: string }>('teams', `owner_id=eq.${aId}`)
  expect(team?.owner_id).toBe(aId)
  const teamId = team?.id ?? ''
  expect((await select<{ role: string }>('team_members', `team_id=eq.${teamId}&user_id=eq.${aId}`))[0]?.role).toBe('admin')
  expect(await page.evaluate(() => localStorage.getItem('currentTeamId'))).toBe(teamId)

  // Invite B by e-mail; the pending invitation gives the join link.
  await page.getByRole('link', { name: 'Team settings' }).click()
  const invite = page.getByRole('region', { name: 'Invite a member' })
  await invite.getByRole('textbox', { name: 'Email' }).fill('not-an-address')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite.getByText('Invalid email')).toBeVisible()
  await invite.getByRole('textbox', { name: 'Email' }).fill(bAccount.email.toUpperCase())
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Invitation sent')).toBeVisible()
  const [invitation] = await select<{ token: string; email: string; role: string }>('team_invitations', `team_id=eq.${teamId}`)
  expect(invitation).toMatchObject({ email: bAccount.email, role: 'member' })
  const pending = page.getByRole('region', { name: 'Pending invitations' })
  await expect(pending.getByText(bAccount.email)).toBeVisible()
  await pending.getByRole('button', { name: `Copy invitation link for ${bAccount.email}` }).click()
  await expect(page.getByText('Invite link copied')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toBe(`${serverUrl()}/teams/join/${invitation?.token}`)
  await shootAll(page, 'team-settings', () => expect(pending.getByText(bAccount.email)).toBeVisible())

  // B opens the link in a browser of their own and joins.
  const b = await secondPerson(browser, bAccount)
  await b.page.goto(link)
  await b.page.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(b.page.getByRole('heading', { name: 'Apollo', level: 1 })).toBeVisible()
  await expect
    .poll(async () => (await select<{ status: string; role: string }>('team_members', `team_id=eq.${teamId}&user_id=eq.${bId}`))[0])
    .toMatchObject({ status: 'active', role: 'member' })
  await b.page.getByRole('button', { name: 'Work in this team' }).click()
  await expect(b.page.getByText('Current team')).toBeVisible()
  await b.page.goto('/app/teams')
  await expect(b.page.getByRole('link', { name: /Apollo/ })).toContainText('2 members')

  // A assigns a task to B from the edit pane; B hears of it live.
  const [task] = await insert<{ id: string }>('tasks', { user_id: aId, title: 'Fuel the rocket' })
  await page.goto(`/app/tasks?view=inbox&taskId=${task?.id}`)
  const assignee = pane(page).getByRole('combobox', { name: 'Assignee' })
  await expect(assignee.getByRole('option', { name: 'Bea Builder' })).toBeAttached()
  await assignee.selectOption({ label: 'Bea Builder' })
  await expect(page.getByText('Task assigned successfully')).toBeVisible()
  await expect
    .poll(async () => (await select<{ assigned_to: string; team_id: string }>('tasks', `id=eq.${task?.id}`))[0])
    .toMatchObject({ assigned_to: bId, team_id: teamId })
  expect(await select('task_assignments', `task_id=eq.${task?.id}&assigned_to=eq.${bId}&assigned_by=eq.${aId}`)).toHaveLength(1)
  await expect(b.page.locator('[data-sonner-toast]').filter({ hasText: 'Task assigned to you' })).toBeVisible({ timeout: 20_000 })
  await expect(b.page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ })).toBeVisible()

  // B's notifications: the assignment and the invitation; mark all read.
  await b.page.goto('/app/notifications')
  const list = b.page.getByRole('list', { name: 'Notifications' })
  await expect(list.getByRole('listitem', { name: 'Task assigned to you' })).toContainText('assigned you "Fuel the rocket"')
  await expect(list.getByRole('listitem', { name: 'Team invitation' })).toBeVisible()
  await shootAll(b.page, 'notifications', () => expect(list.getByRole('listitem', { name: 'Task assigned to you' })).toBeVisible())
  await b.page.getByRole('button', { name: 'Mark all read' }).click()
  await expect.poll(async () => (await select('notifications', `to_user_id=eq.${bId}&is_read=eq.false`)).length).toBe(0)
  await list.getByRole('button', { name: 'Delete “Team invitation”' }).click()
  await expect(list.getByRole('listitem', { name: 'Team invitation' })).toHaveCount(0)
  await expect.poll(async () => (await select('notifications', `to_user_id=eq.${bId}&type=eq.system`)).length).toBe(0)

  // A's team page: both members, the task with its assignee, the feed.
  await page.goto(`/app/teams/${teamId}`)
  await expect(page.getByRole('region', { name: /Members/ }).getByText('Bea Builder')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Tasks' }).getByText('Fuel the rocket')).toBeVisible()
  const feed = page.getByRole('list', { name: 'Team activity' })
  await expect(feed).toContainText('You created the team')
  await expect(feed).toContainText('Bea Builder joined the team')
  await shootAll(page, 'team-detail', () => expect(feed).toContainText('joined the team'))
  await page.goto('/app/teams')
  await shootAll(page, 'teams-list', () => expect(page.getByRole('link', { name: /Apollo/ })).toBeVisible())

  // Roles and removal: B becomes an admin, then is removed (inactive, not deleted).
  await page.goto(`/app/teams/${teamId}/settings`)
  const members = page.getByRole('region', { name: 'Members' })
  await members.getByRole('combobox', { name: 'Role of Bea Builder' }).selectOption('admin')
  await expect(page.getByText('Role updated')).toBeVisible()
  await expect.poll(async () => (await select<{ role: string }>('team_members', `team_id=eq.${teamId}&user_id=eq.${bId}`))[0]?.role).toBe('admin')
  await members.getByRole('button', { name: 'Remove Bea Builder' }).click()
  await expect(page.getByText('Member removed')).toBeVisible()
  await expect.poll(async () => (await select<{ status: string }>('team_members', `team_id=eq.${teamId}&user_id=eq.${bId}`))[0]?.status).toBe('inactive')
  await expect(members.getByText('Bea Builder')).toHaveCount(0)

  // Only the owner deletes the team.
  await page.getByRole('button', { name: 'Delete team' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Team deleted successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/teams$/)
  expect(await select('teams', `id=eq.${teamId}`)).toHaveLength(0)
  expect(await page.evaluate(() => localStorage.getItem('currentTeamId'))).toBeNull()

  expect(b.errors, 'console errors of the second person').toEqual([])
  await b.page.context().close()
})
