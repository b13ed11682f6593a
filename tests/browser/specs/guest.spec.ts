import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { type Page } from '@playwright/test'
import { type Server, startServer } from '../global-setup'
import { expect, screenshot, test } from '../fixtures'

// Issue 24: with anonymous sign-ins on, /auth offers "Try without an
// account"; a guest works in the app under a banner that offers to keep
// the data, and becomes a permanent account — the same user, the same
// data — by confirming an e-mail address.
let server: Server

test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = await startServer({ DAYBASE_AUTH_ANONYMOUS_SIGN_INS: 'true' }, 'server-guest.log')
})

test.afterAll(async () => {
  await server?.stop()
})

const admin = () => ({ apikey: server.serviceRoleKey, Authorization: `Bearer ${server.serviceRoleKey}` })

/** The user of the page's stored session, as the server knows it. */
async function serverUser(page: Page): Promise<{ id: string; email: string; is_anonymous: boolean }> {
  const id = await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) {
      if (k.endsWith('-auth-token')) return (JSON.parse(localStorage.getItem(k) ?? '{}') as { user?: { id: string } }).user?.id
    }
    return undefined
  })
  expect(id, 'a stored session').toBeTruthy()
  const res = await fetch(`${server.url}/auth/v1/admin/users/${id}`, { headers: admin() })
  expect(res.status).toBe(200)
  return (await res.json()) as { id: string; email: string; is_anonymous: boolean }
}

/** The confirmation link mailed to address (the dev outbox), as the user would click it. */
async function mailedLink(address: string): Promise<string> {
  const sql = `select body from auth.outbox where to_address = '${address}' order by id desc limit 1`
  const { stdout } = await promisify(execFile)(server.bin, ['sql', '-c', sql], {
    env: { ...process.env, DAYBASE_DATA_DIR: server.dataDir, DAYBASE_LOG_LEVEL: 'warn' },
  })
  // The console prints the body's newlines as \n: a link ends at a backslash too.
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?[^\s"<\\]+/.exec(stdout)?.[0]
  expect(link, `a verify link in ${stdout}`).toBeTruthy()
  return (link ?? '').replaceAll('&amp;', '&')
}

test('a guest keeps their data by confirming an e-mail', async ({ page, account }) => {
  await page.goto(`${server.url}/auth`)
  const guest = page.getByRole('button', { name: 'Try without an account' })
  await expect(guest).toBeVisible()
  await screenshot(page, 'auth-guest-1280-light')
  await guest.click()
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible()
  const banner = page.getByRole('region', { name: 'Guest account' })
  await expect(banner).toContainText('You are using Daybase as a guest')
  const before = await serverUser(page)
  expect(before).toMatchObject({ is_anonymous: true, email: '' })
  await screenshot(page, 'guest-banner-1280-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(banner).toBeVisible()
  await screenshot(page, 'guest-banner-390-dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The guest's data: a row of their own, through the API as the app would.
  const token = await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) {
      if (k.endsWith('-auth-token')) return (JSON.parse(localStorage.getItem(k) ?? '{}') as { access_token?: string }).access_token
    }
    return undefined
  })
  const made = await fetch(`${server.url}/rest/v1/tasks`, {
    method: 'POST',
    headers: { apikey: server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: JSON.stringify({ title: 'Made as a guest' }),
  })
  expect(made.status).toBe(201)

  // Keep my data: the dialog checks its fields, then mails the link.
  await banner.getByRole('button', { name: 'Keep my data' }).click()
  const dialog = page.getByRole('dialog', { name: 'Keep your data' })
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click()
  await expect(dialog.getByText('Enter your email address')).toBeVisible()
  await expect(dialog.getByText('Enter your password')).toBeVisible()
  await dialog.getByLabel('Email').fill(account.email)
  await dialog.getByLabel('Password').fill(account.password)
  await screenshot(page, 'guest-keep-data-dialog')
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click()
  await expect(dialog).toBeHidden()
  await expect(banner).toContainText(`Open the link we sent to ${account.email}`)

  // The link from the mail makes the account permanent: same id, no banner.
  await page.goto(await mailedLink(account.email))
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Guest account' })).toHaveCount(0)
  const after = await serverUser(page)
  expect(after).toMatchObject({ id: before.id, email: account.email, is_anonymous: false })
  const tasks = await fetch(`${server.url}/rest/v1/tasks?select=title&user_id=eq.${before.id}`, { headers: admin() })
  expect(await tasks.json()).toEqual([{ title: 'Made as a guest' }])

  // And the password chosen in the dialog signs in.
  const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  expect(signIn.status).toBe(200)
  expect(((await signIn.json()) as { user: { id: string } }).user.id).toBe(before.id)
})

test('without the setting /auth offers no guest sign-in', async ({ page }) => {
  await page.goto('/auth')
  await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try without an account' })).toHaveCount(0)
})
