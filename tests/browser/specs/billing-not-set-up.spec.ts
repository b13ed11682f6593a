import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { type Server, startServer } from '../global-setup'
import { expect, screenshot, test } from '../fixtures'

// Issue 17: without Stripe, the built-in checkout (which makes anyone Pro)
// is a development setting. A server started without it says that billing
// is not set up, and its operator assigns plans with `daybase plan set`.
let server: Server

test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = await startServer({ DAYBASE_BILLING_LOCAL_CHECKOUT: 'false' }, 'server-no-billing.log')
})

test.afterAll(async () => {
  await server?.stop()
})

test('without billing the plans say so, and the operator assigns Pro', async ({ page, account }) => {
  const res = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, data: { full_name: account.fullName } }),
  })
  expect(res.status).toBe(200)

  await page.goto(`${server.url}/auth`)
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(account.email)
  await form.getByLabel('Password').fill(account.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible()

  await page.goto(`${server.url}/app/settings/billing`)
  await expect(page.getByText('Billing is not set up', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Billing is not set up' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toHaveCount(0)
  await screenshot(page, 'billing-not-set-up')
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByRole('button', { name: 'Billing is not set up' })).toBeVisible()
  await screenshot(page, 'billing-not-set-up-390-dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 800 })

  // The operator's command, on the server's data directory.
  const { stdout } = await promisify(execFile)(server.bin, ['plan', 'set', account.email, 'pro'], {
    env: { ...process.env, DAYBASE_DATA_DIR: server.dataDir },
  })
  expect(stdout).toBe(`${account.email} is on the pro plan.\n`)
  await page.reload()
  await expect(page.getByText('Current plan:')).toContainText('Pro')
  await expect(page.getByText("Assigned by the server's operator.")).toBeVisible()
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0)
})
