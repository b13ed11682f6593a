import { insert, select } from '../db'
import { expect, serverUrl, signInToApp, signUpThroughApi, test } from '../fixtures'
import { shootAll } from '../shots'

type FeedRow = { user_id: string; token: string }

test('a Pro user makes, copies, renews and turns off the calendar feed', async ({ page, account }) => {
  const { userId } = await signUpThroughApi(account)
  await insert('user_subscriptions', { user_id: userId, status: 'active', plan_id: 'pro_monthly' })
  await insert('tasks', { user_id: userId, title: 'Dentist', due_date: '2026-12-03', due_time: '2026-12-03T15:00:00Z', reminders: [30] })
  await insert('tasks', { user_id: userId, title: 'File taxes', due_date: '2026-12-10' })

  await signInToApp(page, account)
  await page.goto('/app/settings/integrations#calendar-sync')
  const section = page.getByRole('region', { name: 'Calendar sync' })
  await section.getByRole('button', { name: 'Make a feed address' }).click()
  const urlField = section.getByRole('textbox', { name: 'Feed URL' })
  await expect(urlField).toHaveValue(/\/calendar\/v1\/feed\/[0-9a-f]{64}\.ics$/)
  const [row] = await select<FeedRow>('calendar_feeds', `user_id=eq.${userId}`)
  const url = await urlField.inputValue()
  expect(url).toBe(`${serverUrl()}/calendar/v1/feed/${row.token}.ics`)
  await shootAll(page, 'calendar-sync-on', () => expect(urlField).toBeVisible())

  // The address is what a calendar app subscribes to.
  const feed = await fetch(url)
  expect(feed.status).toBe(200)
  expect(feed.headers.get('content-type')).toContain('text/calendar')
  const ics = await feed.text()
  expect(ics).toContain('BEGIN:VEVENT')
  expect(ics).toContain('SUMMARY:Dentist')
  expect(ics).toContain('TRIGGER:-PT1800S')
  expect(ics).toContain('BEGIN:VTODO')
  expect(ics).toContain('DUE;VALUE=DATE:20261210')

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await section.getByRole('button', { name: 'Copy feed URL' }).click()
  await expect(page.getByText('Feed URL copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)

  await section.getByRole('button', { name: 'New address' }).click()
  await page.getByRole('alertdialog', { name: 'Make a new feed address?' }).getByRole('button', { name: 'Make new address' }).click()
  await expect(urlField).not.toHaveValue(url)
  const [renewed] = await select<FeedRow>('calendar_feeds', `user_id=eq.${userId}`)
  expect(renewed.token).not.toBe(row.token)
  expect((await fetch(url)).status).toBe(404)

  await section.getByRole('button', { name: 'Turn off' }).click()
  await page.getByRole('alertdialog', { name: 'Turn the calendar feed off?' }).getByRole('button', { name: 'Turn off' }).click()
  await expect(section.getByRole('button', { name: 'Make a feed address' })).toBeVisible()
  expect(await select<FeedRow>('calendar_feeds', `user_id=eq.${userId}`)).toEqual([])
  expect((await fetch(`${serverUrl()}/calendar/v1/feed/${renewed.token}.ics`)).status).toBe(404)
  await shootAll(page, 'calendar-sync-off', () => expect(section.getByRole('button', { name: 'Make a feed address' })).toBeVisible())
})

test('a Free user sees the paywall instead of a feed', async ({ page, account }) => {
  const { userId } = await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/app/settings/integrations#calendar-sync')
  const section = page.getByRole('region', { name: 'Calendar sync' })
  await expect(section.getByTestId('calendar-sync-paywall')).toContainText('Calendar sync is part of the Pro and Team plans.')
  await expect(section.getByRole('button', { name: 'Make a feed address' })).toHaveCount(0)
  await shootAll(page, 'calendar-sync-free', () => expect(section.getByTestId('calendar-sync-paywall')).toBeVisible())
  await section.getByRole('link', { name: 'See plans' }).click()
  await expect(page).toHaveURL(/\/app\/settings\/billing#subscription$/)
  expect(await select<FeedRow>('calendar_feeds', `user_id=eq.${userId}`)).toEqual([])
})
