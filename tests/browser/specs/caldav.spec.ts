import { insert, select } from '../db'
import { expect, serverUrl, signInToApp, signUpThroughApi, test } from '../fixtures'
import { shootAll } from '../shots'

type AppPasswordRow = { id: string; name: string; password_hash: string; last_used_at: string | null }

test('a Pro user makes an app password, a calendar app syncs with it, then it is revoked', async ({ page, account }) => {
  const { userId } = await signUpThroughApi(account)
  await insert('user_subscriptions', { user_id: userId, status: 'active', plan_id: 'pro_monthly' })
  await insert('tasks', { user_id: userId, title: 'Water the ferns', due_date: '2026-12-04' })

  await signInToApp(page, account)
  await page.goto('/app/settings/integrations#calendar-sync')
  const section = page.getByRole('region', { name: 'Calendar sync' })
  const davUrl = `${serverUrl()}/calendar/v1/dav/`
  // The settings screen loads its plan and lists first; loaded CI machines are slow at it.
  await expect(section.getByRole('textbox', { name: 'Server address' })).toHaveValue(davUrl, { timeout: 45_000 })
  await expect(section.getByText('No app passwords yet.')).toBeVisible()
  await shootAll(page, 'caldav-empty', () => expect(section.getByText('No app passwords yet.')).toBeVisible())

  await section.getByRole('textbox', { name: 'App password name' }).fill('iPhone Reminders')
  await section.getByRole('button', { name: 'Make app password' }).click()
  const shown = section.getByTestId('new-app-password')
  await expect(shown).toHaveText(/^[0-9a-f]{8}(-[0-9a-f]{8}){3}$/)
  const password = (await shown.textContent()) ?? ''
  await expect(section.getByRole('list', { name: 'App passwords' }).getByText('iPhone Reminders')).toBeVisible()
  const [row] = await select<AppPasswordRow>('app_passwords', `user_id=eq.${userId}`)
  expect(row.name).toBe('iPhone Reminders')
  expect(row.password_hash).toMatch(/^[0-9a-f]{64}$/)
  expect(row.password_hash).not.toContain(password.replaceAll('-', ''))
  await shootAll(page, 'caldav-made', () => expect(shown).toBeVisible())

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await section.getByRole('button', { name: 'Copy app password' }).click()
  await expect(page.getByText('App password copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password)
  await section.getByRole('button', { name: 'Done' }).click()
  await expect(shown).toHaveCount(0)

  // A calendar app: discovery, the task list, a new to-do, all through the binary's gateway.
  const wellKnown = await fetch(`${serverUrl()}/.well-known/caldav`, { redirect: 'manual' })
  expect(wellKnown.status).toBe(301)
  expect(wellKnown.headers.get('location')).toBe('/calendar/v1/dav/')
  const auth = { Authorization: `Basic ${Buffer.from(`${account.email}:${password}`).toString('base64')}` }
  const report = await fetch(`${davUrl}${userId}/tasks/inbox/`, {
    method: 'REPORT',
    headers: { ...auth, 'Content-Type': 'application/xml', Depth: '1' },
    body: `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>`,
  })
  expect(report.status).toBe(207)
  expect(await report.text()).toContain('SUMMARY:Water the ferns')
  const put = await fetch(`${davUrl}${userId}/tasks/inbox/reminders-1.ics`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'text/calendar', 'If-None-Match': '*' },
    body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Apple Inc.//Reminders//EN\r\nBEGIN:VTODO\r\nUID:reminders-1\r\nDTSTAMP:20261127T080000Z\r\nSUMMARY:Buy seed trays\r\nDUE;VALUE=DATE:20261205\r\nEND:VTODO\r\nEND:VCALENDAR\r\n',
  })
  expect(put.status).toBe(201)
  expect(await select('tasks', `user_id=eq.${userId}&title=eq.Buy seed trays&due_date=eq.2026-12-05`)).toHaveLength(1)

  // The list says when the password was last used.
  await page.reload()
  await expect(section.getByRole('list', { name: 'App passwords' })).toContainText(/last used (just now|1 min ago)/, { timeout: 45_000 })

  await section.getByRole('button', { name: 'Revoke iPhone Reminders' }).click()
  await page.getByRole('alertdialog', { name: 'Revoke “iPhone Reminders”?' }).getByRole('button', { name: 'Revoke' }).click()
  await expect(page.getByText('“iPhone Reminders” revoked')).toBeVisible()
  await expect(section.getByText('No app passwords yet.')).toBeVisible()
  expect(await select('app_passwords', `user_id=eq.${userId}`)).toEqual([])
  const after = await fetch(davUrl, { method: 'PROPFIND', headers: { ...auth, Depth: '0' } })
  expect(after.status).toBe(401)
})

test('a Free user can make no app password and CalDAV refuses them', async ({ page, account }) => {
  const { userId } = await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/app/settings/integrations#calendar-sync')
  const section = page.getByRole('region', { name: 'Calendar sync' })
  await expect(section.getByTestId('calendar-sync-paywall')).toBeVisible({ timeout: 45_000 })
  await expect(section.getByText('Available on the Pro and Team plans.')).toBeVisible()
  await expect(section.getByRole('button', { name: 'Make app password' })).toHaveCount(0)
  expect(await select('app_passwords', `user_id=eq.${userId}`)).toEqual([])
})
