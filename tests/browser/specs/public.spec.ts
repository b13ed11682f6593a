import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Page, chromium } from '@playwright/test'
import { expect, screenshot, serverUrl, signInToApp, signUpThroughApi, test } from '../fixtures'

// The public pages of spec 000 §2: prerendered for every visitor
// (web/scripts/prerender.mjs, "public"), linked from the header and the
// footer, light and dark at 1280 and 390 px; /privacy-choices as a dialog
// over the page; the not-found page; /download's install path.

const PAGES = [
  { path: '/', heading: 'Plan your day. Keep your notes. Get things done.', marker: 'Everything in one place', shot: 'public-landing' },
  { path: '/features', heading: 'Features', marker: 'Eisenhower matrix', shot: 'public-features' },
  { path: '/premium', heading: 'Plans', marker: 'Compare plans', shot: 'public-premium' },
  { path: '/download', heading: 'Use Daybase anywhere', marker: 'Install the app', shot: 'public-download' },
] as const

async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`))
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await screenshot(page, `${name}-${scheme}-${width}`)
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: 'light' })
}

test('every public page arrives prerendered for anyone and hydrates without a difference', async ({ request, page }) => {
  for (const p of PAGES) {
    const res = await request.get(p.path + '?utm_source=test')
    const html = await res.text()
    expect(res.status()).toBe(200)
    expect(html, p.path).toContain(`data-prerendered="${p.path}"`)
    expect(html, p.path).toContain('data-prerendered-session="public"')
    expect(html, p.path).toContain(p.marker)
    await page.goto(p.path)
    await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible()
    // Hydrated: React owns the page (a link click stays in the app).
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', p.path)
    await shoot(page, p.shot)
  }
})

test('a visitor moves between the pages by the header and the footer', async ({ page }) => {
  await page.goto('/')
  const site = page.getByRole('navigation', { name: 'Site', exact: true })
  await site.getByRole('link', { name: 'Features' }).click()
  await expect(page).toHaveURL(/\/features$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible()
  await site.getByRole('link', { name: 'Premium' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible()
  // Both price lists of 000 §9 come down to one: the plans dialog's.
  await expect(page.getByText('$6.99 per month')).toBeVisible()
  await expect(page.getByText('$9.99 per seat per month, from 5 seats')).toBeVisible()
  await page.getByLabel(/Pay yearly/).click()
  await expect(page.getByText('$59.99 per year')).toBeVisible()
  await expect(page.getByText('$9.99 per month')).toHaveCount(0)
  const compare = page.getByRole('table', { name: 'What each plan includes' })
  await expect(compare.getByRole('row', { name: /Projects 10 Unlimited Unlimited/ })).toBeVisible()
  await expect(compare.getByRole('row', { name: /Storage 100 MB 10 GB 100 GB/ })).toBeVisible()
  await page.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Download' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Use Daybase anywhere' })).toBeVisible()
  await page.getByRole('link', { name: 'Daybase' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await page.getByRole('link', { name: /Create a free account/ }).click()
  await expect(page).toHaveURL(/\/auth\?mode=signup$/)
  await expect(page.getByRole('form', { name: 'Sign up' })).toBeVisible()
})

test('on a small screen the site links sit under the bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/premium')
  await expect(page.getByRole('navigation', { name: 'Site', exact: true })).toBeHidden()
  await page.getByRole('navigation', { name: 'Site (small screens)' }).getByRole('link', { name: 'Features' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible()
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('a signed-in visitor gets Open app on the prerendered page', async ({ page, account }) => {
  await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/features')
  await expect(page.getByRole('link', { name: 'Open app' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible() // the footer's
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Open app' }).click()
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible()
})

test.describe('privacy choices (000 §2)', () => {
  test('opened first in a tab, closing goes to /', async ({ page }) => {
    await page.goto('/privacy-choices')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await screenshot(page, 'public-privacy-choices')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: /Plan your day/ })).toBeVisible()
  })

  test('reached from another page, closing goes back to it', async ({ page }) => {
    await page.goto('/premium')
    // A link to it on another page (the referrer says where the visitor came from).
    await page.goto('/privacy-choices', { referer: `${serverUrl()}/premium` })
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click()
    await expect(page).toHaveURL(/\/premium$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible()
  })
})

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByText('/no/such/page')).toBeVisible()
  await shoot(page, 'public-not-found')
  await page.getByRole('link', { name: 'Go home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test.describe('install as an app', () => {
  test('the manifest makes the app installable and the page offers the browser’s prompt', async ({ page }) => {
    await page.goto('/download')
    await expect(page.getByRole('heading', { level: 2, name: 'Install the app' })).toBeVisible()
    // Without an offer from the browser: the steps for each browser.
    await expect(page.getByText('Safari on iPhone, iPad and Mac')).toBeVisible()

    // What Chromium itself reads: the manifest (no parse errors) and, once the
    // service worker controls the page, no installability errors.
    const cdp = await page.context().newCDPSession(page)
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string }
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/)
    expect(manifest.errors).toEqual([])
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Daybase', start_url: '/app', display: 'standalone' })
    // Playwright's contexts are off the record, where Chromium installs
    // nothing ("in-incognito"); a profile on disk shows the real verdict.
    const profile = mkdtempSync(path.join(tmpdir(), 'daybase-install-'))
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    })
    try {
      const p = persistent.pages()[0] ?? (await persistent.newPage())
      await p.goto(`${serverUrl()}/download`)
      await p.evaluate(() => navigator.serviceWorker.ready)
      await p.reload()
      const pcdp = await persistent.newCDPSession(p)
      await expect
        .poll(async () => (await pcdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
        .toEqual([])
    } finally {
      await persistent.close()
      rmSync(profile, { recursive: true, force: true })
    }

    // Headless Chromium never shows its install dialog, so the browser's
    // offer is stood in for by an event of the same shape: the page keeps it,
    // shows its button, and calls prompt() when it is pressed.
    await page.evaluate(() => {
      const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>
      e.prompt = async () => {
        ;(window as unknown as { prompted: boolean }).prompted = true
      }
      e.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' })
      window.dispatchEvent(e)
    })
    const install = page.getByRole('button', { name: 'Install Daybase' })
    await expect(install).toBeVisible()
    await screenshot(page, 'public-download-install-offered')
    await install.click()
    await expect(page.getByRole('status').filter({ hasText: 'Daybase is installed' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
  })
})
