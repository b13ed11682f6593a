import { expect, screenshot, signInToApp, signUpThroughApi, test } from '../fixtures'

// /app/help (000 §2, help menu): the help center's articles for each area,
// the shortcuts table and privacy choices.
test('help center: articles by area, search, shortcuts and privacy choices', async ({ page, account }) => {
  await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/app/help')
  const center = page.getByRole('region', { name: 'Help center' })
  for (const area of ['Tasks', 'Eisenhower matrix', 'Notes', 'Journal', 'Focus timer', 'Teams', 'Account and security', 'Plans and billing', 'Integrations', 'Your data'])
    await expect(center.getByRole('region', { name: area })).toBeVisible()
  // An article opens and closes from the keyboard.
  const article = center.getByText('Add a task quickly')
  await article.focus()
  await page.keyboard.press('Enter')
  await expect(center.getByText('Press Q anywhere in the app')).toBeVisible()
  await screenshot(page, 'help-center')

  await center.getByRole('searchbox', { name: 'Search help articles' }).fill('backup codes')
  await expect(center.getByRole('listitem')).toHaveCount(2)
  await expect(center.getByText('Keep the backup codes somewhere safe')).toBeVisible()
  await center.getByRole('searchbox', { name: 'Search help articles' }).fill('zebra crossing')
  await expect(center.getByText('No article matches “zebra crossing”')).toBeVisible()

  // A deep link opens its article.
  await page.goto('/app')
  await page.goto('/app/help#lost-authenticator')
  await expect(page.getByText('On the verification screen choose “Use a backup code”')).toBeVisible()

  const shortcuts = page.getByRole('region', { name: 'Keyboard shortcuts' })
  await expect(shortcuts.getByRole('row', { name: /Quick add task/ })).toBeVisible()

  await page.getByRole('region', { name: 'Privacy' }).getByRole('button', { name: 'Privacy choices' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page).toHaveURL(/\/app\/help/)
})
