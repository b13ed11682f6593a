import type { Browser, Page } from '@playwright/test'
import { type Account, secondPerson, serverUrl, signUpThroughApi, test } from '../fixtures'
import { insert, select } from '../db'
import { expect, openButton, row, sidebar, signedIn } from '../tasks-helpers'

// Sharing a project (001 §2, §4, §5, §6, §7): invites by e-mail, the invite
// link and its join page, roles, removing members, cancelling invites, and
// a member's changes reaching the owner's screen without a reload.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

/** A second person, signed up here, in a browser of their own. */
async function newGuest(browser: Browser, name: string): Promise<{ page: Page; account: Account; userId: string; errors: string[] }> {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const account = { email: `guest-${id}@example.test`, password: `Pw-${id}-secret`, fullName: name }
  const { userId } = await signUpThroughApi(account)
  const { page, errors } = await secondPerson(browser, account, { permissions: ['clipboard-read', 'clipboard-write'] })
  return { page, account, userId, errors }
}

test('share a project by link and by e-mail; the guest joins and works in it', async ({ page, account, browser }) => {
  test.setTimeout(240_000)
  const ownerId = await signedIn(page, account)
  const [project] = await insert<{ id: string }>('projects', { user_id: ownerId, name: 'Wedding' })
  await insert('tasks', { user_id: ownerId, title: 'Book the venue', project_id: project?.id })
  await page.goto(`/app/tasks/project/${project?.id}`)
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Share “Wedding”' })

  // E-mail invites: validated, no duplicates, one call each.
  const emails = dialog.getByRole('textbox', { name: 'Invite by email' })
  await dialog.getByRole('button', { name: 'Send invites' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('No recipients')
  await emails.fill('not-an-address')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Invalid email')
  await emails.fill('aunt@example.test')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await emails.fill('AUNT@example.test')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Email already added')
  await emails.fill('uncle@example.test')
  await dialog.getByRole('button', { name: 'Send invites' }).click()
  await expect(page.getByText('2 invites sent')).toBeVisible()
  await expect
    .poll(async () => (await select<{ email: string }>('project_invites', `project_id=eq.${project?.id}&is_link=eq.false&order=email`)).map((i) => i.email))
    .toEqual(['aunt@example.test', 'uncle@example.test'])
  const pending = dialog.getByRole('region', { name: 'Pending invites' })
  await expect(pending.getByText('aunt@example.test')).toBeVisible()

  // Cancel one invite.
  await pending.getByRole('button', { name: 'Cancel invite for uncle@example.test' }).click()
  await expect(page.getByText('Invite canceled')).toBeVisible()
  await expect.poll(async () => (await select('project_invites', `project_id=eq.${project?.id}&email=eq.uncle@example.test`)).length).toBe(0)

  // The invite link: on creates it, the link is copied.
  await dialog.getByRole('switch', { name: /Invite link/ }).click()
  const address = dialog.getByRole('textbox', { name: 'Invite link address' })
  await expect(address).toHaveValue(new RegExp(`^${serverUrl()}/app/teams/join/[0-9a-f]{48}$`))
  const link = await address.inputValue()
  await dialog.getByRole('button', { name: 'Copy' }).click()
  await expect(page.getByText('Invite link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  await expect.poll(async () => (await select('project_invites', `project_id=eq.${project?.id}&is_link=eq.true`)).length).toBe(1)

  // Off cancels the link invite; on again makes a new one.
  await dialog.getByRole('switch', { name: /Invite link/ }).click()
  await expect(address).toHaveCount(0)
  await expect.poll(async () => (await select('project_invites', `project_id=eq.${project?.id}&is_link=eq.true`)).length).toBe(0)
  await dialog.getByRole('switch', { name: /Invite link/ }).click()
  await expect(address).toHaveValue(/\/app\/teams\/join\/[0-9a-f]{48}$/)
  expect(await address.inputValue()).not.toBe(link)
  const newLink = await address.inputValue()

  // The guest opens the link, sees what they join, and joins.
  const guest = await newGuest(browser, 'Gus Guest')
  await guest.page.goto(link)
  await expect(guest.page.getByText('This invitation was cancelled or does not exist. Ask for a new one.')).toBeVisible()
  await guest.page.goto(newLink)
  await expect(guest.page.getByRole('heading', { name: 'Join Wedding' })).toBeVisible()
  await expect(guest.page.getByText('Ada Lovelace invited you to the project “Wedding”', { exact: false })).toBeVisible()
  await guest.page.getByRole('button', { name: 'Join project' }).click()
  await expect(guest.page.getByRole('heading', { name: 'Wedding', level: 1 })).toBeVisible()
  await expect(openButton(guest.page, 'Book the venue')).toBeVisible()
  await expect
    .poll(async () => (await select<{ user_id: string; role: string }>('project_members', `project_id=eq.${project?.id}&user_id=eq.${guest.userId}`))[0]?.role)
    .toBe('member')

  // The guest adds a task; it reaches the owner's open screen without a reload (realtime).
  await guest.page.keyboard.press('a')
  await guest.page.keyboard.type('Taste the cakes')
  await guest.page.keyboard.press('Enter')
  await expect.poll(async () => (await select('tasks', `project_id=eq.${project?.id}&title=eq.Taste%20the%20cakes`)).length).toBe(1)
  await page.keyboard.press('Escape')
  await expect(openButton(page, 'Taste the cakes')).toBeVisible({ timeout: 15_000 })

  // The owner makes the guest an admin, then removes them; nobody changes their own entry.
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const members = dialog.getByRole('region', { name: 'Members' })
  await expect(members.getByText('Ada Lovelace (you)')).toBeVisible()
  await expect(members.getByRole('combobox', { name: /Role of Ada/ })).toHaveCount(0)
  await members.getByRole('combobox', { name: 'Role of Gus Guest' }).selectOption('admin')
  await expect(page.getByText('Role updated')).toBeVisible()
  await expect
    .poll(async () => (await select<{ role: string }>('project_members', `project_id=eq.${project?.id}&user_id=eq.${guest.userId}`))[0]?.role)
    .toBe('admin')
  await members.getByRole('button', { name: 'Remove Gus Guest' }).click()
  await expect(page.getByText('Member removed')).toBeVisible()
  await expect.poll(async () => (await select('project_members', `project_id=eq.${project?.id}&user_id=eq.${guest.userId}`)).length).toBe(0)

  // A removed member cannot come back through the link they used.
  await page.keyboard.press('Escape')
  await guest.page.goto(newLink)
  await expect(guest.page.getByText('This invitation has already been used.')).toBeVisible()
  expect(guest.errors).toEqual([])
  await guest.page.context().close()
})

test('a member sees the shared project and its tasks with the same screens', async ({ page, account, browser }) => {
  const ownerId = await signedIn(page, account)
  const [project] = await insert<{ id: string }>('projects', { user_id: ownerId, name: 'Book club', color: '#8b5cf6' })
  await insert('tasks', { user_id: ownerId, title: 'Pick the next book', project_id: project?.id, due_date: '2030-01-01' })
  const guest = await newGuest(browser, 'Mia Member')
  await insert('project_members', { project_id: project?.id, user_id: guest.userId, role: 'member' })
  await guest.page.goto('/app/tasks?view=all')
  await expect(row(guest.page, 'Pick the next book').getByText('Book club')).toBeVisible()
  await expect(sidebar(guest.page).getByRole('link', { name: /^Book club/ })).toBeVisible()
  // A member may complete another member's task.
  await row(guest.page, 'Pick the next book').getByRole('checkbox', { name: 'Complete Pick the next book' }).click()
  await expect.poll(async () => (await select<{ is_completed: boolean }>('tasks', `project_id=eq.${project?.id}`))[0]?.is_completed).toBe(true)
  // Members have no favorite, archive or delete in the menu (owner only).
  await sidebar(guest.page).getByRole('button', { name: 'Project menu, Book club' }).click()
  await expect(guest.page.getByRole('menuitem', { name: 'Share project' })).toBeVisible()
  await expect(guest.page.getByRole('menuitem', { name: 'Delete project' })).toHaveCount(0)
  await expect(guest.page.getByRole('menuitem', { name: 'Archive project' })).toHaveCount(0)
  expect(guest.errors).toEqual([])
  await guest.page.context().close()
})
