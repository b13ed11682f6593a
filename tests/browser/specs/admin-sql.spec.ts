import { createHmac } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { daybase, expect, screenshot, serverUrl, signInToApp, signUpThroughApi, test } from '../fixtures'

// The admin SQL console (/app/admin/sql, functions/adminsql): an account made
// admin with the real `daybase admin grant` beside the running server runs
// SQL in the browser; an ordinary user sees nothing and the endpoint refuses
// them. Every statement lands in public.admin_sql_audit, checked with the
// service key.

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts')

const anonKey = () => process.env.DAYBASE_ANON_KEY ?? ''
const serviceKey = () => process.env.DAYBASE_SERVICE_ROLE_KEY ?? ''

async function invokeAdminSql(token: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${serverUrl()}/functions/v1/admin-sql`, {
    method: 'POST',
    headers: { apikey: anonKey(), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function auditRows(userId: string): Promise<{ statement: string; status: string; read_only: boolean; committed: boolean; error_code: string | null }[]> {
  const res = await fetch(`${serverUrl()}/rest/v1/admin_sql_audit?user_id=eq.${userId}&order=id`, {
    headers: { apikey: serviceKey(), Authorization: `Bearer ${serviceKey()}` },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as never
}

/** The token's claims with changes, signed with the data dir's real JWT secret or a wrong one. */
function reSigned(token: string, changes: Record<string, unknown>, secret: string): string {
  const [header, payload] = token.split('.')
  const claims = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), ...changes }
  const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`
}

/** Replaces the editor's text as a user does: select all, type. */
async function typeSql(page: Page, sql: string) {
  const editor = page.getByRole('textbox', { name: 'SQL' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(sql)
}

async function runSql(page: Page, sql: string) {
  await typeSql(page, sql)
  await page.keyboard.press('Control+Enter')
}

test('a user sees no console and the endpoint refuses them', async ({ page, account }) => {
  const { accessToken } = await signUpThroughApi(account)
  await signInToApp(page, account)
  await page.goto('/app/admin/sql')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'SQL' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'SQL console' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  const refused = await invokeAdminSql(accessToken, { sql: 'select 1' })
  expect(refused).toEqual({
    status: 403,
    body: { code: 'not_admin', error: 'Only admins may use the SQL console. The operator names them with: daybase admin grant EMAIL' },
  })
  // Nor can the user name themselves admin.
  const selfGrant = await fetch(`${serverUrl()}/auth/v1/user`, {
    method: 'PUT',
    headers: { apikey: anonKey(), Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ app_metadata: { daybase_admin: true }, data: { daybase_admin: true } }),
  })
  expect(selfGrant.status).toBe(403)
  const anon = await invokeAdminSql(anonKey(), { sql: 'select 1' })
  expect(anon.status).toBe(401)

  // A token claiming admin in app_metadata: with a made-up signature the
  // gateway refuses it; validly signed (as if the secret had leaked, or the
  // token predated a revoke) the function still asks the database, which says no.
  const claimAdmin = { app_metadata: { provider: 'email', providers: ['email'], daybase_admin: true } }
  const forged = await invokeAdminSql(reSigned(accessToken, claimAdmin, 'not-the-secret'), { sql: 'select 1' })
  expect(forged.status).toBe(401)
  const { jwt_secret } = JSON.parse(readFileSync(`${process.env.DAYBASE_TEST_DATA_DIR}/secrets.json`, 'utf8')) as { jwt_secret: string }
  const signed = await invokeAdminSql(reSigned(accessToken, claimAdmin, jwt_secret), { sql: 'select 1' })
  expect(signed).toEqual({ status: 403, body: expect.objectContaining({ code: 'not_admin' }) })
})

test('an admin runs SQL: results, errors in place, read-only, audit, history', async ({ page, account }) => {
  test.slow()
  const { accessToken, userId } = await signUpThroughApi(account)
  const granted = await daybase('admin', 'grant', account.email)
  expect(granted).toContain(`${account.email} is an admin`)
  expect(await daybase('admin', 'list')).toContain(account.email)

  await signInToApp(page, account)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'SQL console' }).click()
  await expect(page).toHaveURL(/\/app\/admin\/sql$/)
  await expect(page.getByRole('heading', { level: 1, name: 'SQL console' })).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Read-only' })).toBeChecked()

  // A query: its rows in the grid.
  await runSql(page, `select email, id = '${userId}' as me from auth.users where email = '${account.email}'`)
  const results = page.getByRole('region', { name: 'Statement 1: results' })
  await expect(results.getByRole('cell', { name: account.email })).toBeVisible()
  await expect(results.getByRole('columnheader', { name: /email text/ })).toBeVisible()
  await expect(page.getByText('1 statement in')).toBeVisible()
  await expect(page.getByText('read-only, nothing written')).toBeVisible()

  // An error on line 2: the message, its place, and the mark in the editor.
  await runSql(page, 'select 1;\nselect nope from pg_class')
  const error = page.getByRole('alert').filter({ hasText: 'ERROR: column "nope" does not exist' })
  await expect(error).toBeVisible()
  await expect(error).toContainText('Statement 2, line 2, column 8')
  await expect(page.locator('.cm-sql-error')).toHaveText('nope')
  await screenshot(page, 'admin-sql-error')

  // Read-only refuses a write; read-write commits it.
  await runSql(page, 'create table public.console_scratch (id int primary key, note text)')
  await expect(page.getByRole('alert').filter({ hasText: 'cannot execute CREATE TABLE in a read-only transaction' })).toBeVisible()
  await expect(page.getByText('HINT: The console is in read-only mode.')).toBeVisible()
  await page.getByRole('switch', { name: 'Read-only' }).click()
  await expect(page.getByText('Read-write mode')).toBeVisible()
  await runSql(page, "create table public.console_scratch (id int primary key, note text);\ninsert into public.console_scratch values (1, 'from the console')")
  await expect(page.getByText('2 statements in')).toBeVisible()
  await expect(page.getByText('committed')).toBeVisible()
  await expect(page.getByRole('button', { name: '2 · INSERT 0 1', pressed: true })).toBeVisible()
  await page.getByRole('switch', { name: 'Read-only' }).click()

  const check = await invokeAdminSql(accessToken, { sql: 'select note from public.console_scratch' })
  expect(check.status).toBe(200)
  expect((check.body.statements as { rows: unknown }[])[0].rows).toEqual([['from the console']])
  await invokeAdminSql(accessToken, { sql: 'drop table public.console_scratch', readOnly: false })

  // Every statement is in the audit log, with who and how it went.
  const audit = await auditRows(userId)
  expect(audit.map((a) => [a.statement, a.status, a.read_only, a.committed, a.error_code])).toEqual([
    [`select email, id = '${userId}' as me from auth.users where email = '${account.email}'`, 'ok', true, false, null],
    ['select 1', 'ok', true, false, null],
    ['select nope from pg_class', 'error', true, false, '42703'],
    ['create table public.console_scratch (id int primary key, note text)', 'error', true, false, '25006'],
    ['create table public.console_scratch (id int primary key, note text)', 'ok', false, true, null],
    ["insert into public.console_scratch values (1, 'from the console')", 'ok', false, true, null],
    ['select note from public.console_scratch', 'ok', true, false, null],
    ['drop table public.console_scratch', 'ok', false, true, null],
  ])

  // Copy and CSV download of a result.
  await runSql(page, "select 'a,b' as x, null::text as y union all select 'plain', 'z'")
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const csv = readFileSync(await (await download).path(), 'utf8')
  expect(csv).toBe('x,y\r\n"a,b",\r\nplain,z\r\n')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copy', exact: true }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('x\ty\na,b\t\nplain\tz')

  // The history puts an earlier script back.
  await page.getByRole('button', { name: /History/ }).click()
  const past = page.getByRole('list', { name: 'Past scripts' })
  await expect(past.getByRole('listitem')).toHaveCount(5)
  await past.getByRole('button', { name: /select 1;/ }).click()
  await expect(page.getByRole('textbox', { name: 'SQL' })).toContainText('select nope from pg_class')

  // 10,000 rows: rendered through the virtualised grid (a figure, not a
  // check). The time from the answer to the grid painted is read from the
  // page's own measure; the test waits for it inside the page, so that its
  // own polling of the DOM does not compete with the render.
  await typeSql(page, "select g as id, md5(g::text) as hash, now() - g * interval '1 minute' as at, g % 7 = 0 as weekly from generate_series(1, 10000) g")
  const runs: number[] = []
  for (let i = 0; i < 3; i++) {
    const measured = page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list, observer) => {
            const entry = list.getEntriesByName('daybase:sql-render')[0]
            if (!entry) return
            observer.disconnect()
            resolve(entry.duration)
          }).observe({ type: 'measure' }),
        ),
    )
    await page.getByRole('button', { name: 'Run' }).click()
    runs.push(await measured)
  }
  await expect(page.getByText('10,000 rows')).toBeVisible()
  const renderMs = [...runs].sort((a, b) => a - b)[1]
  const rowsInDom = await page.getByRole('region', { name: 'Statement 1: results' }).locator('tbody tr').count()
  expect(rowsInDom).toBeLessThan(80)
  writeFileSync(path.join(artifacts, 'sql-console.json'), JSON.stringify({ rows: 10000, renderMsMedian: renderMs, runs, rowsInDom }, null, 2))
  console.log(`admin SQL console: 10,000 rows rendered in ${renderMs.toFixed(1)} ms (median of ${runs.map((r) => r.toFixed(0)).join(', ')}; ${rowsInDom} rows in the DOM)`)

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await screenshot(page, `admin-sql-${scheme}-${width}`)
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: 'light' })

  // A revoke takes the console away at once, whatever the token says.
  expect(await daybase('admin', 'revoke', account.email)).toContain('no longer an admin')
  expect((await invokeAdminSql(accessToken, { sql: 'select 1' })).status).toBe(403)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})
