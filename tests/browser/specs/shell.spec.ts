import { expect, screenshot, signInThroughUi, signInToApp, signUpThroughApi, test } from '../fixtures'

test('public pages render', async ({ page }) => {
  for (const [path, heading, name] of [
    ['/', 'Plan your day. Keep your notes. Get things done.', 'landing'],
    ['/features', 'Features', 'features'],
    ['/premium', 'Plans', 'premium'],
    ['/download', 'Use Daybase anywhere', 'download'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
    await screenshot(page, name)
  }
})

test('unknown paths show the not-found page', async ({ page, account }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/app/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to dashboard' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible()
})

test('every module is reachable from the rail', async ({ page, account }) => {
  await signUpThroughApi(account)
  await signInThroughUi(page, account)
  const rail = page.getByRole('navigation', { name: 'Modules' })
  await expect(rail).toBeVisible()
  for (const [link, url, heading, shot] of [
    ['Tasks', /\/app\/tasks$/, 'All', 'module-tasks'],
    ['Eisenhower Matrix', /\/app\/matrix$/, 'Eisenhower Matrix', 'module-matrix'],
    ['Calendar', /\/app\/calendar$/, 'Calendar', 'module-calendar'],
    ['Notes', /\/app\/notes$/, 'Notes', 'module-notes'],
    ['Journal', /\/app\/journal$/, 'Journal', 'module-journal'],
    ['Pomodoro', /\/app\/pomodoro$/, 'Pomodoro', 'module-pomodoro'],
    ['Teams', /\/app\/teams$/, 'Teams', 'module-teams'],
    ['Settings', /\/app\/settings$/, 'Settings', 'settings'],
    ['Help', /\/app\/help$/, 'Help', 'help'],
    ['Dashboard', /\/app$/, null, null],
  ] as const) {
    await rail.getByRole('link', { name: link }).click()
    await expect(page).toHaveURL(url)
    if (heading) await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
    if (shot) await screenshot(page, shot)
  }
  await page.getByRole('button', { name: 'Notifications' }).click()
  await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'View all' }).click()
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Activity log' }).click()
  await expect(page.getByRole('heading', { name: 'Activity log', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Go back' }).click()
  await expect(page).toHaveURL(/\/app\/notifications$/)
})

test('settings sections are chosen by the URL hash', async ({ page, account }) => {
  await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/app/settings#theme')
  await expect(page).toHaveURL(/\/app\/settings\/preferences#theme$/)
  await expect(page.getByRole('heading', { name: 'Theme', level: 2 })).toBeFocused()
  await page.goto('/app/settings#subscription')
  await expect(page).toHaveURL(/\/app\/settings\/billing#subscription$/)
  await page.goto('/app/settings#backups')
  await expect(page.getByRole('heading', { name: 'Backups', level: 2 })).toBeFocused()
})

test('keyboard: command palette, shortcuts help and quick navigation', async ({ page, account }) => {
  await signUpThroughApi(account)
  await signInToApp(page, account)

  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette).toBeVisible()
  await page.keyboard.type('go to journal')
  // 'Search everything' comes first; Alt+Down jumps to the Navigation category.
  await expect(palette.getByRole('option', { name: /Go to journal/ })).toBeVisible()
  await page.keyboard.press('Alt+ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/app\/journal$/)

  await page.keyboard.press('n')
  await expect(page).toHaveURL(/\/app\/notes$/)
  await page.keyboard.press('g')
  await page.keyboard.press('i')
  await expect(page).toHaveURL(/\/app\/tasks\?view=inbox$/)

  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toBeVisible()
  await expect(help.getByRole('cell', { name: 'Quick add task' })).toBeVisible()
  await screenshot(page, 'shortcuts')
  await page.keyboard.press('Escape')

  await page.keyboard.press('Control+b')
  await expect(page.getByRole('complementary', { name: 'Module' })).toHaveCount(0)
  await page.keyboard.press('Control+b')
  await expect(page.getByRole('complementary', { name: 'Module' })).toBeVisible()
})

test('up to 768 px wide the navigation is a drawer', async ({ page, account }) => {
  await signUpThroughApi(account)
  await page.setViewportSize({ width: 768, height: 900 })
  await signInThroughUi(page, account)
  const menu = page.getByRole('button', { name: 'Open menu' })
  await expect(menu).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Navigation' })).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada')
  await screenshot(page, 'mobile-dashboard')
  await menu.click()
  const drawer = page.getByRole('dialog', { name: 'Daybase' })
  await expect(drawer).toBeVisible()
  await screenshot(page, 'mobile-drawer')
  await drawer.getByRole('link', { name: 'Notes' }).click()
  await expect(page).toHaveURL(/\/app\/notes$/)
  await expect(drawer).toBeHidden()

  await page.setViewportSize({ width: 1024, height: 900 })
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0)
  await expect(page.getByRole('complementary', { name: 'Navigation' })).toBeVisible()
})

test('Upgrade to Pro goes through checkout and the plan becomes Pro', async ({ page, account }) => {
  await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/app/settings/billing')
  await expect(page.getByText('Current plan:')).toContainText('Free')
  await screenshot(page, 'billing')

  const request = page.waitForRequest((r) => r.url().endsWith('/functions/v1/billing-checkout') && r.method() === 'POST')
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
  expect((await request).postDataJSON()).toMatchObject({
    priceId: 'pro_monthly',
    mode: 'subscription',
    customerEmail: account.email,
  })
  // The app follows the returned url: the server's own checkout page (the
  // local billing provider; Stripe's hosted page when configured).
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Subscribe' }).click()

  await expect(page).toHaveURL(/\/app\/settings\/billing\?checkout=success$/)
  await expect(page.getByText('Thank you! Your plan is being activated.')).toBeVisible()
  await expect(page.getByText('Current plan:')).toContainText('Pro')
  // Pro users see no Upgrade button in the header.
  await expect(page.getByRole('banner').getByRole('link', { name: /upgrade/i })).toHaveCount(0)

  const portal = page.waitForRequest((r) => r.url().endsWith('/functions/v1/billing-portal') && r.method() === 'POST')
  await page.getByRole('button', { name: 'Manage billing' }).click()
  expect((await portal).postDataJSON()).toMatchObject({ email: account.email })
  await expect(page).toHaveURL(/\/functions\/v1\/billing-local\/portal\//)
})
