import { type Browser, type Page } from '@playwright/test'
import { type Account, expect, signInToApp, signUpThroughApi, test } from '../fixtures'
import { dbInsert, dbRows, shots, signedIn } from '../writing'

type ShareRow = { id: string; permission: string; token: string; is_deleted: boolean; content_type: string }

/** The second person: their own browser context (own storage), consent stored, console errors collected. */
async function otherPerson(browser: Browser, account: Account): Promise<{ page: Page; userId: string; errors: string[] }> {
  const { userId } = await signUpThroughApi(account)
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    localStorage.setItem(
      'daybase.consent',
      JSON.stringify({ version: 1, timestamp: new Date().toISOString(), analytics: false, geolocation: false, marketing: false, saleShareOptOut: true, limitSensitiveUse: true }),
    )
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`))
  await signInToApp(page, account)
  return { page, userId, errors }
}

const bob = (a: Account): Account => ({ ...a, email: a.email.replace('user-', 'bob-'), fullName: 'Bob Builder' })

test('share a note by link: view, then edit, live changes, mentions, removal and revocation', async ({ page, account, browser, consoleErrors }) => {
  test.setTimeout(180_000)
  consoleErrors.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket/)
  const { userId } = await signedIn(page, account)
  await page.goto('/app/notes/new')
  await page.getByLabel('Title').fill('Shared plan')
  await page.getByRole('textbox', { name: 'Note text' }).click()
  await page.keyboard.type('Draft text.')
  await expect(page.getByTestId('save-status')).toHaveText('Saved')
  const noteId = /\/app\/notes\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? ''

  // Owner: a 'Can view' link.
  await page.getByRole('button', { name: 'Share' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share “Shared plan”' })
  await expect(dialog.getByRole('radio', { name: 'Can view' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Create link' }).click()
  await expect(page.getByText('Share link created')).toBeVisible()
  const link = await dialog.getByLabel('Share link').inputValue()
  expect(link).toMatch(new RegExp(`^${process.env.DAYBASE_URL}/app/shared/note/[0-9a-f]{64}$`))
  const [share] = await dbRows<ShareRow>(`note_shares?note_id=eq.${noteId}&is_deleted=eq.false`)
  expect(share).toMatchObject({ permission: 'view', content_type: 'note', token: link.split('/').pop() })
  expect((await dbRows<{ is_shared: boolean }>(`notes?id=eq.${noteId}&select=is_shared`))[0]?.is_shared).toBe(true)
  await shots(page, 'note-share-dialog')
  await page.keyboard.press('Escape')

  // Bob opens the link signed in: he can read, not write.
  const other = await otherPerson(browser, bob(account))
  await other.page.goto(link)
  await expect(other.page).toHaveURL(new RegExp(`/app/notes/${noteId}$`))
  await expect(other.page.getByText('View only — shared by Ada Lovelace')).toBeVisible()
  const bobText = other.page.getByRole('textbox', { name: 'Note text' })
  await expect(bobText).toContainText('Draft text.')
  await expect(bobText).toHaveAttribute('contenteditable', 'false')
  await expect(other.page.getByLabel('Title')).toHaveAttribute('readonly', '')
  await expect(other.page.getByRole('navigation', { name: 'Notes' }).getByRole('link', { name: 'Shared plan' })).toBeVisible()
  await shots(other.page, 'note-shared-view')
  await expect.poll(async () => (await dbRows(`note_share_recipients?share_id=eq.${share?.id}&user_id=eq.${other.userId}`)).length).toBe(1)

  // The owner sees Bob and lets him edit.
  await page.getByRole('button', { name: 'Share' }).click()
  await expect(dialog.getByRole('list', { name: 'People with access' })).toContainText('Bob Builder')
  await dialog.getByRole('radio', { name: 'Can edit' }).click()
  await expect(page.getByText('People with the link can edit')).toBeVisible()
  await expect.poll(async () => (await dbRows<ShareRow>(`note_shares?id=eq.${share?.id}`))[0]?.permission).toBe('edit')
  await page.keyboard.press('Escape')

  // Bob edits; the owner's open editor shows it at once, with a banner.
  await other.page.reload()
  await expect(bobText).toHaveAttribute('contenteditable', 'true')
  await bobText.click()
  await other.page.keyboard.press('End')
  await other.page.keyboard.type(' Bob was here.')
  await expect(other.page.getByTestId('save-status')).toHaveText('Saved')
  await expect(page.getByText('This note was just updated elsewhere')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Note text' })).toContainText('Draft text. Bob was here.')
  await shots(page, 'note-updated-elsewhere')
  await page.getByRole('button', { name: 'Dismiss' }).click()

  // @mention: the picker offers the people of the note; Bob is told.
  const text = page.getByRole('textbox', { name: 'Note text' })
  await text.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' Ask @Bo')
  const picker = page.getByRole('listbox', { name: 'People to mention' })
  await expect(picker.getByRole('option', { name: /Bob Builder/ })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(text.locator('.mention')).toHaveText('@Bob Builder')
  await expect(page.getByTestId('save-status')).toHaveText('Saved')
  await expect.poll(async () => (await dbRows<{ content: string }>(`notes?id=eq.${noteId}`))[0]?.content).toContain(`@[Bob Builder](${other.userId})`)
  await expect
    .poll(async () => (await dbRows<{ title: string }>(`notifications?to_user_id=eq.${other.userId}&select=title`)).map((n) => n.title))
    .toEqual(['You were mentioned in a note'])

  // Unsaved text is never overwritten: the owner types offline, Bob saves meanwhile.
  await page.context().setOffline(true)
  await page.keyboard.type(' Mine, offline.')
  await expect(page.getByTestId('save-status')).toHaveText('Offline — retrying…')
  await other.page.reload()
  await bobText.click()
  await other.page.keyboard.press('Control+End')
  await other.page.keyboard.type(' Bob again.')
  await expect(other.page.getByTestId('save-status')).toHaveText('Saved')
  await page.context().setOffline(false)
  const banner = page.getByRole('alert').filter({ hasText: 'changed elsewhere while you were editing' })
  await expect(banner).toBeVisible({ timeout: 30_000 })
  await expect(text).toContainText('Mine, offline.')
  await banner.getByRole('button', { name: 'Keep mine' }).click()
  await expect(page.getByTestId('save-status')).toHaveText('Saved')
  const final = (await dbRows<{ content: string }>(`notes?id=eq.${noteId}`))[0]?.content ?? ''
  expect(final).toContain('Mine, offline.')
  expect(final).not.toContain('Bob again.')

  // The owner removes Bob: he loses the note.
  await page.getByRole('button', { name: 'Share' }).click()
  await dialog.getByRole('button', { name: 'Remove Bob Builder' }).click()
  await expect(page.getByText('Access removed')).toBeVisible()
  await expect.poll(async () => (await dbRows(`note_share_recipients?share_id=eq.${share?.id}`)).length).toBe(0)
  await other.page.reload()
  await expect(other.page.getByRole('heading', { name: 'Note not found' })).toBeVisible()

  // Revoked, the link opens nothing.
  await dialog.getByRole('button', { name: 'Revoke link' }).click()
  await dialog.getByRole('button', { name: 'Revoke link' }).click()
  await expect(page.getByText('Link revoked')).toBeVisible()
  await expect.poll(async () => (await dbRows<ShareRow>(`note_shares?id=eq.${share?.id}`))[0]?.is_deleted).toBe(true)
  await other.page.goto(link)
  await expect(other.page.getByRole('heading', { name: 'Invalid or expired share link' })).toBeVisible()
  expect(other.errors.filter((e) => !/400|Invalid or expired share link/.test(e))).toEqual([])
})

test('share a folder: the recipient sees the folder and its notes', async ({ page, account, browser }) => {
  const { userId } = await signedIn(page, account)
  await dbInsert('note_folders', { user_id: userId, name: 'Team', color: 'green' })
  await dbInsert('notes', [
    { user_id: userId, title: 'Standup', content: 'Daily at nine.', folder: 'Team' },
    { user_id: userId, title: 'Private', content: 'Not shared.' },
  ])
  await page.goto('/app/notes')
  const sidebar = page.getByRole('navigation', { name: 'Notes' })
  await sidebar.getByRole('button', { name: 'Team folder actions' }).click()
  await page.getByRole('menuitem', { name: 'Share folder' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share “Team”' })
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const link = await dialog.getByLabel('Share link').inputValue()
  expect(link).toMatch(/\/app\/shared\/folder\/[0-9a-f]{64}$/)

  // E-mail sharing opens the sender's mail app with the link (no server call); the spec's checks apply.
  await dialog.getByLabel('E-mail addresses').fill('not-an-address')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog.getByText('Invalid email')).toBeVisible()
  await dialog.getByLabel('E-mail addresses').fill('sam@example.com')
  await dialog.getByLabel('E-mail addresses').press('Enter')
  await dialog.getByLabel('E-mail addresses').fill('sam@example.com')
  await dialog.getByLabel('E-mail addresses').press('Enter')
  await expect(dialog.getByText('Email already added')).toBeVisible()
  await page.keyboard.press('Escape')

  const other = await otherPerson(browser, bob(account))
  await other.page.goto(link)
  await expect(other.page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
  await expect(other.page.getByText('Can view')).toBeVisible()
  const list = other.page.getByRole('list', { name: 'Notes', exact: true })
  await expect(list.getByRole('link', { name: /Standup/ })).toBeVisible()
  await expect(list.getByRole('link', { name: /Private/ })).toHaveCount(0)
  await shots(other.page, 'notes-shared-folder')
  await expect(other.page.getByRole('navigation', { name: 'Notes' }).getByRole('link', { name: 'Team' })).toBeVisible()
  await list.getByRole('link', { name: /Standup/ }).click()
  await expect(other.page.getByText('View only — shared by Ada Lovelace')).toBeVisible()
  expect(other.errors).toEqual([])
})
