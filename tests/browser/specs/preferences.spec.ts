import { expect, screenshot, serverUrl, signInToApp, signUpThroughApi, test } from '../fixtures'

test('the theme can be changed and stays after a reload', async ({ page, account }) => {
  await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/app/settings/preferences#theme')
  const html = page.locator('html')

  await page.getByRole('radio', { name: 'Dark' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await page.getByRole('radio', { name: 'Emerald' }).click()
  await expect(html).toHaveAttribute('data-preset', 'emerald')
  await screenshot(page, 'preferences-dark')

  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()

  // Shift+D toggles light and dark from anywhere outside text fields.
  await page.getByRole('heading', { name: 'Preferences', level: 1 }).click()
  await page.keyboard.press('Shift+D')
  await expect(html).toHaveClass(/\blight\b/)
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked()
})

test.describe('on a first visit', () => {
  test.use({ consent: 'none' })

  test('the consent banner stores the visitor choice', async ({ page }) => {
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Your privacy choices' })
    await expect(banner).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await screenshot(page, 'landing-consent-banner')
    await banner.getByRole('button', { name: 'Customize' }).click()

    const dialog = page.getByRole('dialog', { name: 'Privacy choices' })
    await dialog.getByRole('switch', { name: 'Analytics' }).click()
    await dialog.getByRole('button', { name: 'Save choices' }).click()
    await expect(dialog.getByText('Saved')).toBeVisible()
    await screenshot(page, 'privacy-choices')
    await dialog.getByRole('button', { name: 'Close' }).first().click()

    await expect(banner).toHaveCount(0)
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('daybase.consent') ?? 'null'))
    expect(stored).toMatchObject({ version: 1, analytics: true, marketing: false, limitSensitiveUse: true })
    await page.reload()
    await expect(page.getByRole('region', { name: 'Your privacy choices' })).toHaveCount(0)
  })

  test('Global Privacy Control keeps selling and sharing off', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }))
    await page.goto('/privacy-choices')
    const dialog = page.getByRole('dialog', { name: 'Privacy choices' })
    await expect(dialog.getByText(/Global Privacy Control detected/)).toBeVisible()
    const optOut = dialog.getByRole('switch', { name: 'Do not sell or share my personal information' })
    await expect(optOut).toBeChecked()
    await expect(optOut).toBeDisabled()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/\/$/)
  })
})

test('a signed-in user saves privacy choices to the server', async ({ page, account }) => {
  const { accessToken } = await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.getByRole('button', { name: 'Help menu' }).click()
  await page.getByRole('menuitem', { name: 'Privacy choices' }).click()
  const dialog = page.getByRole('dialog', { name: 'Privacy choices' })
  await dialog.getByRole('switch', { name: 'Limit the use of my sensitive personal information' }).click()
  await dialog.getByRole('button', { name: 'Save choices' }).click()
  await expect(dialog.getByText('Saved')).toBeVisible()

  const res = await fetch(`${serverUrl()}/rest/v1/user_preferences?select=preference_value&preference_key=eq.privacy`, {
    headers: { apikey: process.env.DAYBASE_ANON_KEY ?? '', Authorization: `Bearer ${accessToken}` },
  })
  expect(res.status).toBe(200)
  const rows = (await res.json()) as { preference_value: string }[]
  expect(rows).toHaveLength(1)
  expect(JSON.parse(rows[0]?.preference_value ?? '{}')).toEqual({ saleShareOptOut: true, limitSensitiveUse: false, gpc: false })
})
