import { expect, screenshot, serverUrl, signInToApp, signUpThroughApi, test } from '../fixtures'
import { insert, select } from '../db'

test('the 501st task on the Free plan opens the paywall', async ({ page, account, consoleErrors }) => {
  const { accessToken, userId } = await signUpThroughApi(account)
  // Fill the Free cap of 500 tasks through /rest/v1 as the user, 100 a
  // request: one 500-row insert came close to the role's statement timeout
  // on a loaded machine.
  for (let start = 0; start < 500; start += 100) {
    const rows = Array.from({ length: 100 }, (_, i) => ({ user_id: userId, title: `Seeded task ${start + i + 1}` }))
    const res = await fetch(`${serverUrl()}/rest/v1/tasks`, {
      method: 'POST',
      headers: {
        apikey: process.env.DAYBASE_ANON_KEY ?? '',
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      body: JSON.stringify(rows),
    })
    expect(res.status, await res.text()).toBe(201)
  }

  await signInToApp(page, account)
  await page.goto('/app/tasks')
  await expect(page.getByRole('list', { name: 'All tasks' })).toContainText('Seeded task')
  await screenshot(page, 'tasks')

  consoleErrors.allow(/status of 400/)
  await page.keyboard.press('q')
  const quickAdd = page.getByRole('dialog', { name: 'Quick add task' })
  await quickAdd.getByLabel('Task', { exact: true }).fill('One task too many')
  await quickAdd.getByRole('button', { name: 'Add task' }).click()

  const paywall = page.getByRole('dialog', { name: 'Upgrade to keep going' })
  await expect(paywall).toBeVisible()
  await expect(paywall).toContainText('Task limit reached for Free plan')
  await screenshot(page, 'paywall')
  await paywall.getByRole('button', { name: 'See plans' }).click()
  await expect(page).toHaveURL(/\/app\/settings\/billing#subscription$/)
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible()
  await screenshot(page, 'plans')
})

test('the sixth team member on the Free plan opens the paywall', async ({ page, account, consoleErrors }) => {
  const { userId } = await signUpThroughApi(account)
  // A Free owner's team holds 5 people besides the owner, open invitations included (0201).
  const [team] = await insert<{ id: string }>('teams', { name: 'Full house', owner_id: userId })
  const teamId = team?.id ?? ''
  const stamp = Date.now()
  for (let i = 1; i <= 5; i++) await insert('team_invitations', { team_id: teamId, email: `seat-${i}-${stamp}@example.test`, role: 'member', invited_by: userId })

  await signInToApp(page, account)
  await page.goto(`/app/teams/${teamId}/settings`)
  const invite = page.getByRole('region', { name: 'Invite a member' })
  await invite.getByRole('textbox', { name: 'Email' }).fill(`one-too-many-${stamp}@example.test`)
  consoleErrors.allow(/status of 400/)
  await invite.getByRole('button', { name: 'Send invitation' }).click()

  const paywall = page.getByRole('dialog', { name: 'Upgrade to keep going' })
  await expect(paywall).toBeVisible()
  await expect(paywall).toContainText('Team member limit reached for Free plan')
  // No error toast besides the paywall, and the server kept the cap.
  await expect(page.getByText('Invitation sent')).toHaveCount(0)
  const invitations = await select<{ email: string }>('team_invitations', `team_id=eq.${teamId}&accepted_at=is.null`)
  expect(invitations).toHaveLength(5)
  expect(invitations.map((i) => i.email)).not.toContain(`one-too-many-${stamp}@example.test`)
  await screenshot(page, 'paywall-team-members')
  await paywall.getByRole('button', { name: 'See plans' }).click()
  await expect(page).toHaveURL(/\/app\/settings\/billing#subscription$/)
})
