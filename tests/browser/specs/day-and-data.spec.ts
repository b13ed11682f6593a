import { readFileSync } from 'node:fs'
import { changelogEntries } from '../changelog'
import { insert, select } from '../db'
import { FAKE_GITHUB_TOKEN, received } from '../fake-integrations'
import { expect, signInToApp, signUpThroughApi, test } from '../fixtures'
import { shootAll } from '../shots'

// The dashboard, the integrations and the backups of issue 22, as a person
// uses them: clicks and typing in Chromium, then the database (through
// /rest/v1 with the service key) and the local fake chat and code-hosting
// services (fake-integrations.ts) checked as well as the screen.

const day = (offset: number) => {
  const d = new Date()
  d.setDate(d.getDate() + offset)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

test.describe('issue 22: the day and the data', () => {
  test.slow()

  test('the dashboard: today, overdue, the week ahead, notes and journal; quick complete', async ({ page, account }) => {
    const { userId } = await signUpThroughApi(account)
    await insert('tasks', [
      { user_id: userId, title: 'Pay the invoice', due_date: day(-2), priority: 4 },
      { user_id: userId, title: 'Call the dentist', due_date: day(0), priority: 0 },
      { user_id: userId, title: 'Plan the offsite', due_date: day(3), priority: 0 },
      { user_id: userId, title: 'Someday maybe', due_date: null, priority: 0 },
    ])
    await insert('notes', { user_id: userId, title: 'Offsite ideas', content: 'A lake, a long table' })
    await insert('journal_entries', { user_id: userId, title: 'A calm start', content: 'Slept well.', date: day(0), mood: 4 })

    await signInToApp(page, account)
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(account.fullName.split(' ')[0] ?? '') })).toBeVisible()
    const today = page.getByRole('region', { name: 'Today' })
    await expect(today.getByText('Pay the invoice')).toBeVisible()
    await expect(today.getByText('2 days overdue')).toBeVisible()
    await expect(today.getByText('Call the dentist')).toBeVisible()
    await expect(today.getByText('Someday maybe')).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Next 7 days' }).getByText('Plan the offsite')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Recent notes' }).getByText('Offsite ideas')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Recent journal entries' }).getByText('A calm start')).toBeVisible()
    await shootAll(page, 'dashboard')

    // Quick complete: one click, the row leaves at once (so click, not check), the database agrees.
    await today.getByRole('checkbox', { name: 'Complete Call the dentist' }).click()
    await expect(today.getByText('Call the dentist')).toHaveCount(0)
    await expect
      .poll(async () => (await select<{ is_completed: boolean }>('tasks', `user_id=eq.${userId}&title=eq.Call%20the%20dentist&select=is_completed`))[0]?.is_completed)
      .toBe(true)

    // The account menu's items do something real.
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: /What's new/ }).click()
    await expect(page.getByRole('dialog')).toContainText(changelogEntries()[0]?.title ?? 'CHANGELOG.md has no entry')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sync now' }).click()
    await expect(page.getByText('Sync completed')).toBeVisible()
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Latest experiments' }).click()
    const experiments = page.getByRole('dialog', { name: 'Latest experiments' })
    await experiments.getByRole('switch', { name: 'Timer in the tab icon' }).click()
    await expect
      .poll(async () => {
        const [row] = await select<{ preference_value: string }>('user_preferences', `user_id=eq.${userId}&preference_key=eq.experiments&select=preference_value`)
        return row ? (JSON.parse(row.preference_value) as Record<string, boolean>) : null
      })
      .toMatchObject({ 'favicon-timer': true })
  })

  test('integrations: the chat webhook and its test message, the code-hosting account, an issue from a task, the log', async ({ page, account, consoleErrors }) => {
    // The failing webhook's answer (502 with 'Slack webhook error: 404') is logged by the browser.
    consoleErrors.allow(/502 \(Bad Gateway\)/)
    const { userId } = await signUpThroughApi(account)
    await insert('tasks', { user_id: userId, title: 'Fix the login redirect', due_date: day(0), tags: 'bug' })
    const fake = process.env.FAKE_INTEGRATIONS_URL ?? ''
    await signInToApp(page, account)
    await page.goto('/app/settings/integrations')

    // The chat webhook: connect, a test message arrives at the fake service.
    const slack = page.getByRole('region', { name: 'Slack' })
    await slack.getByLabel('Webhook URL').fill(`${fake}/slack/ok`)
    await slack.getByLabel('Channel').fill('#team')
    await slack.getByRole('button', { name: 'Connect Slack' }).click()
    await expect(slack.getByText('Connected')).toBeVisible()
    await slack.getByRole('button', { name: 'Send a test message' }).click()
    await expect(page.getByText('Test message sent')).toBeVisible()
    await expect.poll(async () => (await received()).slack.filter((s) => s.path === '/slack/ok' && s.body.channel === '#team').length).toBe(1)

    // A webhook that is gone: the server's 'Slack webhook error' with the status.
    await slack.getByRole('button', { name: 'Edit' }).click()
    await slack.getByLabel('Webhook URL').fill(`${fake}/slack/gone`)
    await slack.getByRole('button', { name: 'Save' }).click()
    await slack.getByRole('button', { name: 'Send a test message' }).click()
    await expect(page.getByText('Slack webhook error: 404')).toBeVisible()

    // The code-hosting account: token, then the default repository from the list.
    const github = page.getByRole('region', { name: 'GitHub' })
    await github.getByLabel('Personal access token').fill(FAKE_GITHUB_TOKEN)
    await github.getByRole('button', { name: 'Connect GitHub' }).click()
    await github.getByLabel('Default repository').selectOption('ada/daybase')
    await github.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(async () => (await select<{ config: Record<string, unknown> }>('integration_connections', `user_id=eq.${userId}&provider_key=eq.github&select=config`))[0]?.config)
      .toMatchObject({ default_repo: 'ada/daybase', has_token: true })

    // An issue from a task's menu on the dashboard.
    await page.goto('/app')
    await page.getByRole('button', { name: 'Actions for Fix the login redirect' }).click()
    await page.getByRole('menuitem', { name: 'Create GitHub issue' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create a GitHub issue' })
    await expect(dialog.getByLabel('Repository')).toHaveValue('ada/daybase')
    await dialog.getByRole('button', { name: 'Create issue' }).click()
    await expect(page.getByText(/^Issue #\d+ created$/)).toBeVisible()
    expect((await received()).issues.at(-1)).toMatchObject({ repo: 'ada/daybase', body: { title: 'Fix the login redirect', labels: ['bug'] } })

    // Disconnect; the log tells the story, newest first.
    await page.goto('/app/settings/integrations')
    await page.getByRole('region', { name: 'Slack' }).getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('region', { name: 'Slack' }).getByRole('button', { name: 'Connect Slack' })).toBeVisible()
    const log = page.getByRole('list', { name: 'Integration activity' })
    await expect(log.getByText('Disconnected Slack')).toBeVisible()
    await expect(log.getByText(/^Created issue ada\/daybase#\d+$/)).toBeVisible()
    await expect(log.getByText('Connected GitHub')).toBeVisible()
    const actions = (await select<{ action: string }>('integration_audit_logs', `user_id=eq.${userId}&order=created_at.asc&select=action`)).map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['connect', 'test_message', 'update', 'create_issue', 'disconnect']))
    await shootAll(page, 'integrations')
  })

  test('backups: export JSON and CSV, then restore into an empty account after a dry run', async ({ page, browser, account }) => {
    const { userId } = await signUpThroughApi(account)
    await insert('tasks', [
      { user_id: userId, title: 'Renew the passport', due_date: day(5) },
      { user_id: userId, title: 'Water the plants, daily', due_date: null },
    ])
    await insert('notes', { user_id: userId, title: 'Packing list', content: 'Charger, socks' })
    await signInToApp(page, account)
    await page.goto('/app/settings#backups')

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data (JSON)' }).click()])
    await expect(page.getByText('Data exported')).toBeVisible()
    const backupPath = await json.path()
    const backup = JSON.parse(readFileSync(backupPath, 'utf8')) as { tasks: { title: string }[]; notes: { title: string }[]; profile: unknown; exportedAt: string }
    expect(backup.tasks.map((t) => t.title).sort()).toEqual(['Renew the passport', 'Water the plants, daily'])
    expect(backup.notes.map((n) => n.title)).toEqual(['Packing list'])
    expect(backup.exportedAt).toMatch(/^\d{4}-\d\d-\d\dT/)

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export tasks (CSV)' }).click()])
    const text = readFileSync(await csv.path(), 'utf8')
    expect(text.split('\n')[0]).toContain('title')
    expect(text).toContain('"Water the plants, daily"')

    // A second, empty account restores the backup.
    const other = { ...account, email: `restore-${account.email}` }
    const { userId: otherId } = await signUpThroughApi(other)
    const context = await browser.newContext()
    const second = await context.newPage()
    await signInToApp(second, other)
    await second.goto('/app/settings#backups')
    await second.getByLabel('Backup file').setInputFiles(backupPath)
    const dialog = second.getByRole('dialog', { name: 'Restore this backup?' })
    const counts = dialog.getByRole('list', { name: 'What the restore creates' })
    await expect(counts.getByRole('listitem').filter({ hasText: /^tasks2$/ })).toBeVisible()
    await expect(counts.getByRole('listitem').filter({ hasText: /^note1$/ })).toBeVisible()
    // The dry run wrote nothing.
    expect(await select('tasks', `user_id=eq.${otherId}&select=id`)).toEqual([])
    await dialog.getByRole('button', { name: 'Restore' }).click()
    await expect(second.getByText('Data restored')).toBeVisible()
    await expect
      .poll(async () => (await select<{ title: string }>('tasks', `user_id=eq.${otherId}&select=title&order=title`)).map((t) => t.title))
      .toEqual(['Renew the passport', 'Water the plants, daily'])
    expect((await select<{ title: string }>('notes', `user_id=eq.${otherId}&select=title`)).map((n) => n.title)).toEqual(['Packing list'])

    // A second restore is refused: the account is no longer empty.
    await second.getByLabel('Backup file').setInputFiles(backupPath)
    await expect(second.getByRole('dialog', { name: 'Restore this backup?' }).getByRole('alert')).toContainText(/empty/)
    await context.close()
  })
})
