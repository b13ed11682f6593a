import type { Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert, select } from '../db'
import { expect, makePro, openButton, shootAll, sidebar, signedIn } from '../tasks-helpers'

// Smart filters (001 §2–§5, issue 19): every template, a custom filter with
// OR, the form's validation, and delete — each checked in smart_lists and
// on the filter's screen.

const ZONE = 'UTC'
test.use({ timezoneId: ZONE })

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

type Seed = { title: string; [k: string]: unknown }

async function seed(userId: string, projectId: string) {
  const rows: Seed[] = [
    { title: 'Due today task', due_date: day(0) },
    { title: 'Overdue task', due_date: day(-10) },
    { title: 'Urgent task', priority: 4 },
    { title: 'Starred task', is_starred: true },
    { title: 'Someday task' },
    { title: 'Project task', project_id: projectId },
    { title: 'Noted task', notes: 'remember the milk' },
    // The server stamps completed_at when a task is completed.
    { title: 'Finished task', is_completed: true },
  ]
  await insert(
    'tasks',
    rows.map((r) => ({ user_id: userId, ...r })),
  )
}

const TITLES = ['Due today task', 'Overdue task', 'Urgent task', 'Starred task', 'Someday task', 'Project task', 'Noted task', 'Finished task']

/** The seeded tasks the screen lists. */
async function listed(page: Page): Promise<string[]> {
  const shown: string[] = []
  for (const t of TITLES) if ((await openButton(page, t).count()) > 0) shown.push(t)
  return shown
}

test('every template creates its filter and lists the right tasks', async ({ page, account }) => {
  test.setTimeout(300_000)
  const userId = await signedIn(page, account)
  await makePro(userId)
  const [project] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Work' })
  await seed(userId, project?.id ?? '')
  await page.goto('/app/tasks?view=inbox')

  const expected: Record<string, string[]> = {
    'Due Today': ['Due today task'],
    Overdue: ['Overdue task'],
    'High Priority': ['Urgent task'],
    Starred: ['Starred task'],
    'Due This Week': ['Due today task'],
    'No Due Date': ['Urgent task', 'Starred task', 'Someday task', 'Project task', 'Noted task'],
    Unassigned: ['Due today task', 'Overdue task', 'Urgent task', 'Starred task', 'Someday task', 'Noted task'],
    'With Notes': ['Noted task'],
    'Recently Created': ['Due today task', 'Overdue task', 'Urgent task', 'Starred task', 'Someday task', 'Project task', 'Noted task', 'Finished task'],
    'Completed Today': ['Finished task'],
  }
  let shot = false
  for (const [name, titles] of Object.entries(expected)) {
    await sidebar(page).getByRole('button', { name: 'Add smart filter' }).click()
    const d = page.getByRole('dialog', { name: 'New smart filter' })
    await d.getByRole('tab', { name: 'Templates' }).click()
    if (!shot) {
      await shootAll(page, 'smart-filter-templates', async () => {
        await expect(d.getByRole('button', { name: /Due Today/ })).toBeVisible()
      })
      shot = true
    }
    await d.getByRole('button', { name: new RegExp(`^${name}`) }).click()
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible()
    const filterId = page.url().split('/').pop()
    expect(filterId).toMatch(/^[0-9a-f-]{36}$/)
    const [row] = await select<{ name: string; filters_data: string }>('smart_lists', `id=eq.${filterId}`)
    expect(row?.name).toBe(name)
    if (titles.length === 0) await expect(page.getByText('No tasks match this filter')).toBeVisible()
    else await expect.poll(async () => (await listed(page)).sort()).toEqual([...titles].sort())
  }
})

test('a custom filter with OR, the form checks, and delete', async ({ page, account }) => {
  test.setTimeout(180_000)
  const userId = await signedIn(page, account)
  const [project] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Work' })
  await seed(userId, project?.id ?? '')
  await page.goto('/app/settings#smart-filters')
  await page.getByRole('button', { name: 'New smart filter' }).click()
  const d = page.getByRole('dialog', { name: 'New smart filter' })
  await d.getByRole('tab', { name: 'Custom' }).click()

  // The form's checks, in 001 §5's words.
  await d.getByRole('button', { name: 'Create filter' }).click()
  await expect(d.getByText('Filter name is required')).toBeVisible()
  await d.getByRole('textbox', { name: 'Name' }).fill('Bad <name>')
  await d.getByRole('button', { name: 'Create filter' }).click()
  await expect(d.getByText('Filter name contains invalid characters')).toBeVisible()
  await d.getByRole('textbox', { name: 'Name' }).fill('Milk or work')

  // A new filter starts with completed equals false; a new condition is title contains.
  await expect(d.getByRole('combobox', { name: 'Field of condition 1' })).toHaveValue('completed')
  await d.getByRole('button', { name: 'Add condition' }).click()
  await expect(d.getByRole('combobox', { name: 'Field of condition 2' })).toHaveValue('title')
  await expect(d.getByRole('combobox', { name: 'Operator of condition 2' })).toHaveValue('contains')
  await d.getByRole('button', { name: 'Create filter' }).click()
  await expect(d.getByText('Condition value is required')).toBeVisible()

  // (notes contains milk) OR (project is Work)
  await d.getByRole('combobox', { name: 'Field of condition 1' }).selectOption('notes')
  await d.getByRole('textbox', { name: 'Value of condition 1' }).fill('MILK')
  await d.getByRole('combobox', { name: 'Field of condition 2' }).selectOption('project_id')
  await d.getByRole('combobox', { name: 'Value of condition 2' }).selectOption({ label: 'Work' })
  await d.getByRole('combobox', { name: 'Match' }).selectOption('OR')
  await d.getByRole('radio', { name: 'flag' }).click()
  await d.getByRole('radio', { name: 'Red' }).click()
  await shootAll(page, 'smart-filter-custom', async () => {
    await expect(d.getByRole('textbox', { name: 'Name' })).toHaveValue('Milk or work')
  })
  await d.getByRole('button', { name: 'Create filter' }).click()
  await expect(page.getByRole('heading', { name: 'Milk or work' })).toBeVisible()
  await expect.poll(async () => (await listed(page)).sort()).toEqual(['Noted task', 'Project task'])
  const [row] = await select<{ filters_data: string; icon_name: string; color: string }>('smart_lists', `user_id=eq.${userId}&name=eq.Milk%20or%20work`)
  expect(JSON.parse(row?.filters_data ?? '{}')).toEqual({
    logic: 'OR',
    conditions: [
      { field: 'notes', operator: 'contains', value: 'MILK' },
      { field: 'project_id', operator: 'equals', value: project?.id },
    ],
  })
  expect([row?.icon_name, row?.color]).toEqual(['flag', '#ef4444'])
  await shootAll(page, 'smart-filter-results', async () => {
    await expect(openButton(page, 'Noted task')).toBeVisible()
  })

  // Delete from settings, with confirmation: soft-deleted.
  await page.goto('/app/settings#smart-filters')
  await page.getByRole('button', { name: 'Delete Milk or work' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect
    .poll(async () => (await select<{ is_deleted: boolean }>('smart_lists', `user_id=eq.${userId}&name=eq.Milk%20or%20work`))[0]?.is_deleted)
    .toBe(true)
  await expect(page.getByRole('button', { name: 'Delete Milk or work' })).toHaveCount(0)
})
