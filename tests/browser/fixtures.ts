import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, test as base, expect } from '@playwright/test'
import * as OTPAuth from 'otpauth'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const here = path.dirname(fileURLToPath(import.meta.url))

export type Account = { email: string; password: string; fullName: string }

export type ConsoleWatch = {
  /** Console errors matching this are expected in the test (a deliberate 4xx, say). */
  allow: (pattern: RegExp) => void
}

type Fixtures = {
  /** A new, unique account for this test; not yet signed up. */
  account: Account
  /** Fails the test on any console error or uncaught page error it did not allow. */
  consoleErrors: ConsoleWatch
  /** 'stored': a consent record exists, so the banner stays away. 'none': first visit. */
  consent: 'stored' | 'none'
}

export function serverUrl(): string {
  const url = process.env.DAYBASE_URL
  if (!url) throw new Error('DAYBASE_URL is not set: run the suite with `npx playwright test` so global-setup.ts starts the server')
  return url
}

let counter = 0


export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    await use(serverUrl())
  },
  consent: ['stored', { option: true }],
  account: async ({}, use, testInfo) => {
    counter += 1
    const id = `${testInfo.workerIndex}-${Date.now()}-${counter}`
    await use({ email: `user-${id}@example.test`, password: `Pw-${id}-secret`, fullName: 'Ada Lovelace' })
  },
  page: async ({ page, consent }, use) => {
    if (consent === 'stored') await storeConsent(page)
    await use(page)
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      const allowed: RegExp[] = []
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text())
      })
      page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`))
      await use({ allow: (re) => allowed.push(re) })
      expect(errors.filter((e) => !allowed.some((re) => re.test(e))), 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Creates the account through /auth/v1 directly (not through the app). */
/** The cookie banner answered before the app runs (what a returning visitor has stored). */
export async function storeConsent(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    // Init scripts run in every frame; an opaque-origin one (a sandboxed
    // attachment preview, about:blank) has no localStorage.
    let storage: Storage | null = null
    try {
      storage = window.localStorage
    } catch {
      return
    }
    if (storage && !storage.getItem('daybase.consent')) {
      storage.setItem(
        'daybase.consent',
        JSON.stringify({
          version: 1,
          timestamp: new Date().toISOString(),
          analytics: false,
          geolocation: false,
          marketing: false,
          saleShareOptOut: true,
          limitSensitiveUse: true,
        }),
      )
    }
  })
}

/**
 * A second person in a browser context of their own, signed in to the app;
 * errors collects their console errors, for the test to fail on.
 */
export async function secondPerson(
  browser: Browser,
  account: Account,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: serverUrl(), ...options })
  await storeConsent(context)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`))
  await signInThroughUi(page, account)
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible({ timeout: 60_000 })
  return { page, errors }
}

export async function signUpThroughApi(account: Account): Promise<{ accessToken: string; userId: string }> {
  const res = await fetch(`${serverUrl()}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: process.env.DAYBASE_ANON_KEY ?? '', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, data: { full_name: account.fullName } }),
  })
  const body = (await res.json()) as { access_token?: string; user?: { id: string }; msg?: string; message?: string }
  if (!res.ok || !body.access_token || !body.user) {
    throw new Error(`sign-up through /auth/v1 failed: ${res.status} ${JSON.stringify(body)}`)
  }
  return { accessToken: body.access_token, userId: body.user.id }
}

export async function signInThroughUi(page: Page, account: Account): Promise<void> {
  await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(account.email)
  await form.getByLabel('Password').fill(account.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs in through the app and waits for the signed-in shell (for accounts without a second factor). */
export async function signInToApp(page: Page, account: Account): Promise<void> {
  await signInThroughUi(page, account)
  // The first load of the signed-in app can take a while on a busy machine.
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible({ timeout: 45_000 })
}

export async function signOutThroughUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/auth$/)
}

/**
 * The system turned light or dark (emulated), and the page showing it: the
 * class the app (or, before it runs, index.html and main.tsx) puts on
 * <html> for a page that follows the system. Waits for that class, not a
 * time; as long as a loaded machine may take to start the app.
 */
export async function emulateScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme })
  // The class itself, not a part of another ('dark-sidebar' in light mode).
  const other = scheme === 'dark' ? 'light' : 'dark'
  const shows = new RegExp(`^(?!(?:.*\\s)?${other}(?:\\s|$)).*(?:^|\\s)${scheme}(?:\\s|$)`)
  await expect(page.locator('html')).toHaveClass(shows, { timeout: 30_000 })
}

/** Saves a full-page screenshot under artifacts/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(here, 'artifacts', 'screenshots', `${name}.png`), fullPage: true })
}

const lastWindow = new Map<string, number>()

/**
 * A TOTP code (SHA1, 6 digits, 30 s) for the secret, from a time window
 * not used before with this secret: a server may refuse a code twice.
 */
export async function freshTotp(secret: string): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
  let window = Math.floor(Date.now() / 30_000)
  while (lastWindow.get(secret) === window) {
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200))
    window = Math.floor(Date.now() / 30_000)
  }
  lastWindow.set(secret, window)
  return totp.generate()
}

/**
 * Runs the daybase binary's own command on the server's data dir, as an
 * operator would beside the running server (`daybase admin grant EMAIL`).
 */
export async function daybase(...args: string[]): Promise<string> {
  const bin = process.env.DAYBASE_BIN_PATH
  const dataDir = process.env.DAYBASE_TEST_DATA_DIR
  if (!bin || !dataDir) throw new Error('DAYBASE_BIN_PATH and DAYBASE_TEST_DATA_DIR are set by global-setup.ts')
  const { stdout } = await promisify(execFile)(bin, args, { env: { ...process.env, DAYBASE_DATA_DIR: dataDir, DAYBASE_LOG_LEVEL: 'warn' } })
  return stdout
}
