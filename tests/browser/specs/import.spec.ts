import { mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { insert, select } from '../db'
import { expect, signInToApp, signUpThroughApi, test } from '../fixtures'
import { shootAll } from '../shots'

/** Every task title of a user: the API answers at most 1,000 rows (max-rows, as hosted), so in pages. */
async function allTasks(userId: string): Promise<{ title: string }[]> {
  const tasks: { title: string }[] = []
  for (;;) {
    const batch = await select<{ title: string }>('tasks', `user_id=eq.${userId}&select=title&order=id&limit=1000&offset=${tasks.length}`)
    tasks.push(...batch)
    if (batch.length < 1000) return tasks
  }
}

// Settings → Import (issue 26) as a person uses it: choose an export file,
// read the dry run, import with progress, then the database through
// /rest/v1 with the service key, undo, and the database again.

const FIXTURES = join(import.meta.dirname, '../../../web/src/features/tasks/import/fixtures')
const todoist = join(FIXTURES, 'Work Projects.csv')
const ticktick = join(FIXTURES, 'TickTick-backup-2026-11-26.csv')
const generic = join(FIXTURES, 'Team tasks.csv')

type Task = {
  id: string
  title: string
  priority: number
  tags: string | null
  parent_id: string | null
  list: string | null
  recurrence: string | null
  is_completed: boolean
  reminders: number[]
  due_date: string | null
  notes: string | null
}

const tasksOf = (userId: string) =>
  select<Task>('tasks', `user_id=eq.${userId}&select=id,title,priority,tags,parent_id,list,recurrence,is_completed,reminders,due_date,notes&order=title`)

/** A Todoist export of n tasks (every tenth a subtask, every seventh with a comment), written to a temp file. */
function bigTodoist(n: number, name: string): string {
  const lines = ['TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG']
  for (let i = 1; i <= n; i++) {
    lines.push(`task,Task ${i} @bulk,,${(i % 4) + 1},${i % 10 === 0 ? 2 : 1},Ann (1),,${i % 3 ? '' : 'every friday'},en,,,,,`)
    if (i % 7 === 0) lines.push(`note,Comment on ${i},,,,Ann (1),,,,,,,,`)
  }
  const path = join(mkdtempSync(join(tmpdir(), 'import-')), name)
  writeFileSync(path, lines.join('\n'))
  return path
}

test.describe('issue 26: importers', () => {
  test.slow()

  test('Todoist: dry run, import with progress, the database, undo', async ({ page, account }) => {
    const { userId } = await signUpThroughApi(account)
    await insert('tasks', { user_id: userId, title: 'Mine before the import' })
    await signInToApp(page, account)
    await page.goto('/app/settings#import')
    const section = page.locator('#import')
    await section.getByLabel('Import file').setInputFiles(todoist)

    const counts = section.getByRole('list', { name: 'What the import creates' })
    await expect(counts.getByRole('listitem').filter({ hasText: /^tasks7$/ })).toBeVisible()
    await expect(counts.getByRole('listitem').filter({ hasText: /^of them subtasks2$/ })).toBeVisible()
    await expect(counts.getByRole('listitem').filter({ hasText: /^comment1$/ })).toBeVisible()
    await expect(section.getByRole('table').getByText('Write the quarterly report')).toBeVisible()
    const problems = section.getByRole('list', { name: 'Problems' })
    await expect(problems.getByText('Date "someday maybe" not understood; kept in the description')).toBeVisible()
    await expect(section.getByLabel('Project')).toHaveValue('Work Projects')
    // The dry run wrote nothing.
    expect((await tasksOf(userId)).map((t) => t.title)).toEqual(['Mine before the import'])
    await shootAll(page, 'import-dry-run', () => expect(counts).toBeVisible())

    await section.getByLabel('Project').fill('Work')
    await section.getByRole('button', { name: 'Import 7 tasks' }).click()
    await expect(page.getByText('Import finished')).toBeVisible()

    const tasks = await tasksOf(userId)
    expect(tasks).toHaveLength(8)
    const report = tasks.find((t) => t.title === 'Write the quarterly report')
    expect(report).toMatchObject({ priority: 4, tags: 'writing, q4', list: 'Work', parent_id: null })
    expect(JSON.parse(report?.recurrence ?? '')).toMatchObject({ type: 'weekly', daysOfWeek: [5] })
    expect(tasks.find((t) => t.title === 'Collect numbers')).toMatchObject({ parent_id: report?.id, priority: 3 })
    expect(tasks.find((t) => t.title === 'Weekly sync')).toMatchObject({ tags: 'team, Meetings', priority: 0 })
    const comments = await select<{ content: string; task_id: string }>('task_comments', `user_id=eq.${userId}&select=content,task_id`)
    expect(comments).toEqual([{ content: 'Ask Ben for the sales figures, he has the "final" sheet', task_id: report?.id }])
    expect((await select<{ name: string }>('projects', `user_id=eq.${userId}&select=name`)).map((p) => p.name)).toEqual(['Work'])
    await expect(section.getByRole('list', { name: 'Recent imports' }).getByText('Work Projects.csv')).toBeVisible()
    await shootAll(page, 'import-done', () => expect(section.getByRole('list', { name: 'Recent imports' })).toBeVisible())

    await section.getByRole('button', { name: 'Undo import of Work Projects.csv' }).click()
    await expect(page.getByText('Import undone')).toBeVisible()
    expect((await tasksOf(userId)).map((t) => t.title)).toEqual(['Mine before the import'])
    expect(await select('projects', `user_id=eq.${userId}&select=id`)).toEqual([])
    expect(await select('task_comments', `user_id=eq.${userId}&select=id`)).toEqual([])
    await expect(section.getByRole('list', { name: 'Recent imports' })).toHaveCount(0)
  })

  test('TickTick backup: lists, checklists, reminders and repeats land in the database', async ({ page, account }) => {
    const { userId } = await signUpThroughApi(account)
    await signInToApp(page, account)
    await page.goto('/app/settings#import')
    const section = page.locator('#import')
    await section.getByLabel('Import file').setInputFiles(ticktick)
    await expect(section.getByText('TickTick backup')).toBeVisible()
    await expect(section.getByRole('list', { name: 'Problems' }).getByText('2 reminders; your plan keeps 1, the first')).toBeVisible()
    await section.getByRole('button', { name: /^Import \d+ tasks$/ }).click()
    await expect(page.getByText('Import finished')).toBeVisible()

    const tasks = await tasksOf(userId)
    const launch = tasks.find((t) => t.title === 'Launch plan')
    expect(launch).toMatchObject({ priority: 3, tags: 'work, launch', list: 'Projects', reminders: [30] })
    expect(tasks.find((t) => t.title === 'Pick a date')).toMatchObject({ parent_id: launch?.id, is_completed: true })
    expect(tasks.find((t) => t.title === 'Proofread')).toMatchObject({ is_completed: true })
    expect(tasks.find((t) => t.title === 'Call the dentist')).toMatchObject({ list: null })
    expect((await select<{ name: string }>('projects', `user_id=eq.${userId}&select=name&order=name`)).map((p) => p.name)).toEqual(['Errands', 'Projects'])
  })

  test('a file past the Free plan caps is stopped before anything is written', async ({ page, account }) => {
    const { userId } = await signUpThroughApi(account)
    await signInToApp(page, account)
    await page.goto('/app/settings#import')
    const section = page.locator('#import')
    await section.getByLabel('Import file').setInputFiles(bigTodoist(600, 'Big.csv'))
    await expect(section.getByRole('alert')).toContainText('Task limit reached for Free plan: this file adds 600 tasks to your 0; the Free plan allows 500.')
    await expect(section.getByRole('button', { name: 'Import 600 tasks' })).toBeDisabled()
    expect(await select('tasks', `user_id=eq.${userId}&select=id`)).toEqual([])
  })

  test('1,200 rows: progress, an interrupted import continues after a reload without duplicates; 5,000 rows timed', async ({ page, account, consoleErrors }) => {
    test.setTimeout(360_000)
    const { userId } = await signUpThroughApi(account)
    await insert('user_subscriptions', { user_id: userId, status: 'active', plan_id: 'pro_monthly' })
    await signInToApp(page, account)
    await page.goto('/app/settings#import')
    const section = page.locator('#import')
    const file = bigTodoist(1200, 'Five thousand.csv')
    await section.getByLabel('Import file').setInputFiles(file)
    await expect(section.getByRole('button', { name: 'Import 1,200 tasks' })).toBeEnabled()

    // The third chunk never arrives: the network drops it.
    let chunks = 0
    consoleErrors.allow(/Failed to load resource|Failed to fetch|net::ERR_FAILED/)
    await page.route('**/rest/v1/rpc/import_chunk', async (route) => {
      chunks++
      if (chunks === 3) await route.abort('failed')
      else await route.continue()
    })
    await section.getByRole('button', { name: 'Import 1,200 tasks' }).click()
    await expect(section.getByRole('progressbar', { name: 'Importing' })).toBeVisible()
    await expect(section.getByText(/What was imported so far stays/)).toBeVisible()
    await page.unroute('**/rest/v1/rpc/import_chunk')
    const before = (await select('tasks', `user_id=eq.${userId}&select=id`)).length
    expect(before).toBeGreaterThan(0)

    await page.reload()
    const resume = page.locator('#import').getByText(/The import of Five thousand\.csv stopped at/)
    await expect(resume).toBeVisible()
    const started = Date.now()
    await page.locator('#import').getByRole('button', { name: 'Continue import' }).click()
    await expect(page.locator('#import').getByRole('progressbar', { name: 'Importing' })).toBeVisible()
    await expect(page.getByText('Import finished')).toBeVisible({ timeout: 120_000 })
    const resumedMs = Date.now() - started

    const tasks = await allTasks(userId)
    expect(tasks).toHaveLength(1200)
    expect(new Set(tasks.map((t) => t.title)).size).toBe(1200)
    const comments = await select('task_comments', `user_id=eq.${userId}&select=id`)
    expect(comments).toHaveLength(Math.floor(1200 / 7))

    // A whole 5,000-row import timed (issue 26's figure), click to finish, on a second account.
    const big = bigTodoist(5000, 'Five thousand.csv')
    const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')
    const other = { ...account, email: `bench-${account.email}` }
    const { userId: otherId } = await signUpThroughApi(other)
    await insert('user_subscriptions', { user_id: otherId, status: 'active', plan_id: 'pro_monthly' })
    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await signInToApp(page, other)
    await page.goto('/app/settings#import')
    await page.locator('#import').getByLabel('Import file').setInputFiles(big)
    const go = page.locator('#import').getByRole('button', { name: 'Import 5,000 tasks' })
    await expect(go).toBeEnabled()
    const t0 = Date.now()
    await go.click()
    await expect(page.getByText('Import finished')).toBeVisible({ timeout: 240_000 })
    const fullMs = Date.now() - t0
    expect(await allTasks(otherId)).toHaveLength(5000)
    console.log(`import figure: 5,000-row Todoist import (${5000 + Math.floor(5000 / 7)} rows with comments) ${fullMs} ms; resumed part of 1,200 ${resumedMs} ms; loadavg ${load}`)
  })

  test('any CSV: map the columns, dry run, import, the database, undo', async ({ page, account }) => {
    const { userId } = await signUpThroughApi(account)
    await signInToApp(page, account)
    await page.goto('/app/settings#import')
    const section = page.locator('#import')
    const pick = async () => {
      const chooser = page.waitForEvent('filechooser')
      await section.getByRole('button', { name: 'Choose a CSV file…' }).click()
      await (await chooser).setFiles(generic)
    }
    await pick()

    // The mapping step: the header's guesses, the first rows, one column changed by hand.
    const columns = section.getByRole('list', { name: 'Columns' })
    await expect(columns.getByRole('listitem')).toHaveCount(11)
    await expect(section.getByLabel('Field for column Task Name')).toHaveValue('title')
    await expect(section.getByLabel('Field for column Due Date')).toHaveValue('due_date')
    await expect(section.getByLabel('Field for column List')).toHaveValue('project')
    await expect(section.getByLabel('Field for column Tags')).toHaveValue('labels')
    await expect(section.getByLabel('Field for column Done')).toHaveValue('completed')
    await expect(section.getByLabel('Field for column Category')).toHaveValue('ignore')
    await expect(section.getByRole('table').getByRole('cell', { name: 'Renew passport' })).toBeVisible()
    await shootAll(page, 'import-mapping', async () => {
      await section.getByText('Map the columns').scrollIntoViewIfNeeded()
      await expect(columns).toBeVisible()
    })
    await section.getByLabel('Field for column Category').selectOption({ label: 'Section (as a label)' })
    await expect(section.getByRole('columnheader', { name: /Category\s*Section/ })).toBeVisible()
    // Nothing is written before the import.
    expect(await tasksOf(userId)).toEqual([])

    await section.getByRole('button', { name: 'Show the dry run' }).click()
    const counts = section.getByRole('list', { name: 'What the import creates' })
    await expect(counts.getByRole('listitem').filter({ hasText: /^tasks7$/ })).toBeVisible()
    await expect(counts.getByRole('listitem').filter({ hasText: /^projects3$/ })).toBeVisible()
    await expect(counts.getByRole('listitem').filter({ hasText: /^of them subtasks2$/ })).toBeVisible()
    await expect(counts.getByRole('listitem').filter({ hasText: /^completed2$/ })).toBeVisible()
    await expect(section.getByRole('list', { name: 'Problems' }).getByText('Date "someday" not understood; kept in the description')).toBeVisible()
    await section.getByRole('button', { name: 'Import 7 tasks' }).click()
    await expect(page.getByText('Import finished')).toBeVisible()

    const tasks = await tasksOf(userId)
    expect(tasks).toHaveLength(7)
    const offsite = tasks.find((t) => t.title === 'Plan the offsite')
    expect(offsite).toMatchObject({ list: 'Team', priority: 3, tags: 'planning, q1, Events', due_date: '2027-01-15', notes: 'Venue, food and agenda', parent_id: null })
    expect(tasks.find((t) => t.title === 'Send the invitations')).toMatchObject({ parent_id: offsite?.id, is_completed: true, priority: 1, tags: 'email, Events' })
    expect(tasks.find((t) => t.title === 'Pay the rent')).toMatchObject({ list: 'Personal', due_date: '2026-12-01', is_completed: true, tags: 'money, Bills' })
    expect(tasks.find((t) => t.title === 'Read "Deep Work"')).toMatchObject({ list: null, tags: 'books, reading' })
    expect(tasks.find((t) => t.title === 'Water the plants')).toMatchObject({ list: 'Home', priority: 3, notes: 'Due: someday', due_date: null })
    expect((await select<{ name: string }>('projects', `user_id=eq.${userId}&select=name&order=name`)).map((p) => p.name)).toEqual(['Home', 'Personal', 'Team'])

    // The same kind of file again: the mapping made by hand is remembered.
    await pick()
    await expect(section.getByLabel('Field for column Category')).toHaveValue('section')
    await section.getByRole('button', { name: 'Cancel' }).click()

    await section.getByRole('button', { name: 'Undo import of Team tasks.csv' }).click()
    await expect(page.getByText('Import undone')).toBeVisible()
    expect(await tasksOf(userId)).toEqual([])
    expect(await select('projects', `user_id=eq.${userId}&select=id`)).toEqual([])
  })
})
