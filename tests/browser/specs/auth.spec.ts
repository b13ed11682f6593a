import { expect, screenshot, serverUrl, signInThroughUi, signOutThroughUi, signUpThroughApi, test } from '../fixtures'

test('sign up, sign out and sign in again', async ({ page, account }) => {
  await page.goto('/auth?mode=signup')
  await expect(page.getByRole('heading', { name: 'Welcome to Daybase' })).toBeVisible()
  await screenshot(page, 'auth-sign-up')
  const form = page.getByRole('form', { name: 'Sign up' })
  await form.getByLabel('Full name').fill(account.fullName)
  await form.getByLabel('Email').fill(account.email)
  await form.getByLabel('Password').fill(account.password)
  await form.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada')
  await screenshot(page, 'dashboard')

  await signOutThroughUi(page)
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
  await screenshot(page, 'auth-sign-in')

  await signInThroughUi(page, account)
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible()
})

test('a wrong password shows the server message', async ({ page, account, consoleErrors }) => {
  await signUpThroughApi(account)
  consoleErrors.allow(/status of 400/)
  await signInThroughUi(page, { ...account, password: 'not-the-password' })
  await expect(page.getByRole('alert')).toContainText('Invalid login credentials')
  await expect(page).toHaveURL(/\/auth/)
})

test('a common password is refused with the server message', async ({ page, account, consoleErrors }) => {
  consoleErrors.allow(/status of 422/)
  await page.goto('/auth?mode=signup')
  const form = page.getByRole('form', { name: 'Sign up' })
  await expect(form.getByText('At least 8 characters, not a common password.')).toBeVisible()
  await form.getByLabel('Full name').fill(account.fullName)
  await form.getByLabel('Email').fill(account.email)
  await form.getByLabel('Password').fill('Password1')
  await form.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('alert')).toContainText('Password is known to be weak and easy to guess, please choose a different one.')
  await expect(page).toHaveURL(/\/auth/)
  // Nothing was created on the server.
  const res = await fetch(`${serverUrl()}/auth/v1/admin/users?per_page=1000`, {
    headers: { apikey: process.env.DAYBASE_SERVICE_ROLE_KEY ?? '', Authorization: `Bearer ${process.env.DAYBASE_SERVICE_ROLE_KEY ?? ''}` },
  })
  const { users } = (await res.json()) as { users: { email: string }[] }
  expect(users.map((u) => u.email)).not.toContain(account.email)
})

test('signed-out visitors of /app go to /auth and come back after signing in', async ({ page, account }) => {
  await signUpThroughApi(account)
  await page.goto('/app/settings/security')
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fapp%2Fsettings%2Fsecurity$/)
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(account.email)
  await form.getByLabel('Password').fill(account.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/app\/settings\/security$/)
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible()
})

test('the profile name can be changed', async ({ page, account }) => {
  await signUpThroughApi(account)
  await signInThroughUi(page, account)
  await expect(page).toHaveURL(/\/app$/)
  await page.goto('/app/settings#account')
  const profile = page.getByRole('form', { name: 'Profile' })
  await expect(profile.getByLabel('Email')).toHaveValue(account.email)
  await profile.getByLabel('Full name').fill('Grace Hopper')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Profile updated')).toBeVisible()
  await page.goto('/app')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace')
})

test('a password reset can be requested', async ({ page, account }) => {
  await signUpThroughApi(account)
  await page.goto('/auth?mode=forgot')
  const form = page.getByRole('form', { name: 'Reset password' })
  await form.getByLabel('Email').fill(account.email)
  await form.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Check your email for a link to reset your password.')).toBeVisible()
})

test('the GitHub button starts the OAuth flow with PKCE at /auth/v1/authorize', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/./)
  await page.goto('/auth?redirect=/app/tasks')
  const authorize = page.waitForRequest((r) => r.url().includes('/auth/v1/authorize'))
  await page.getByRole('button', { name: 'Continue with GitHub' }).click()
  const url = new URL((await authorize).url())
  expect(url.searchParams.get('provider')).toBe('github')
  expect(url.searchParams.get('redirect_to')).toMatch(/\/app\/tasks$/)
  expect(url.searchParams.get('code_challenge_method')).toBe('s256')
  expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
})
