import type { Page } from '@playwright/test'
import { signUpThroughApi, test } from '../fixtures'
import { insert, select } from '../db'
import { expect, makePro, openButton, shootAll, signedIn } from '../tasks-helpers'

// The filter language (issue 26): a query typed in the palette lists its
// tasks live, a bad one is underlined, a good one is saved as a smart
// filter whose conditions (checked in smart_lists) reopen in the dialog's
// query field and rows.

test.use({ timezoneId: 'UTC' })

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

test('filter language: palette query, error, save, reopen in the dialog', async ({ page, account }) => {
  test.setTimeout(180_000)
  const userId = await signedIn(page, account)
  await makePro(userId)
  const [work] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Work' })
  const [someday] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Someday' })
  await insert('tasks', [
    { user_id: userId, title: 'Today urgent', due_date: day(0), priority: 4 },
    { user_id: userId, title: 'Today low', due_date: day(0), priority: 1 },
    { user_id: userId, title: 'Late work', due_date: day(-3), project_id: work?.id },
    { user_id: userId, title: 'Waiting errand', tags: 'waiting' },
    { user_id: userId, title: 'Waiting someday', tags: 'waiting', project_id: someday?.id },
  ])
  await page.goto('/app/tasks')
  await expect(openButton(page, 'Today urgent')).toBeVisible()

  const input = palette(page).getByRole('combobox')
  await page.keyboard.press('/')
  await expect(palette(page)).toBeVisible()
  await input.fill('Filter: today & p1')
  await expect(palette(page).getByRole('option', { name: /Today urgent/ })).toBeVisible()
  await expect(palette(page).getByRole('option', { name: /Today low/ })).toHaveCount(0)
  await expect(palette(page).getByText('Matching tasks (1)')).toBeVisible()
  await shootAll(page, 'filter-palette', async () => {
    await expect(palette(page).getByRole('option', { name: /Today urgent/ })).toBeVisible()
  })

  // A bad token is underlined, with its column.
  await input.fill('Filter: tody & p1')
  await expect(palette(page).getByTestId('query-error-token')).toHaveText('tody')
  await expect(palette(page).getByText('Column 9: Unknown term “tody”', { exact: false })).toBeVisible()
  await shootAll(page, 'filter-palette-error', async () => {
    await expect(palette(page).getByTestId('query-error-token')).toBeVisible()
  })

  // OR across fields; a query typed without the prefix lists its tasks too.
  await input.fill('overdue | #work')
  await expect(palette(page).getByRole('option', { name: /Late work/ })).toBeVisible()
  await input.fill('Filter: @waiting & !#someday')
  await expect(palette(page).getByRole('option', { name: /Waiting errand/ })).toBeVisible()
  await expect(palette(page).getByRole('option', { name: /Waiting someday/ })).toHaveCount(0)
  await palette(page).getByRole('option', { name: /Save as smart filter/ }).click()

  const d = page.getByRole('dialog', { name: 'New smart filter' })
  await expect(d.getByRole('textbox', { name: 'As a query' })).toHaveValue('@waiting & !#someday')
  await expect(d.getByRole('combobox', { name: 'Field of condition 1' })).toHaveValue('tags')
  await expect(d.getByRole('combobox', { name: 'Operator of condition 2' })).toHaveValue('not_equals')
  await d.getByRole('textbox', { name: 'Name' }).fill('Waiting here')
  await d.getByRole('button', { name: 'Create filter' }).click()
  await expect(page.getByRole('heading', { name: 'Waiting here' })).toBeVisible()
  await expect(openButton(page, 'Waiting errand')).toBeVisible()
  await expect(openButton(page, 'Waiting someday')).toHaveCount(0)
  const saved = async () => JSON.parse((await select<{ filters_data: string }>('smart_lists', `user_id=eq.${userId}&name=eq.Waiting%20here`))[0]?.filters_data ?? '{}')
  expect(await saved()).toEqual({
    logic: 'AND',
    conditions: [
      { field: 'tags', operator: 'contains', value: 'waiting' },
      { field: 'project_id', operator: 'not_equals', value: someday?.id },
    ],
  })

  // Reopened in the dialog: the rows and the query agree both ways.
  await page.goto('/app/settings#smart-filters')
  await page.getByRole('button', { name: 'Edit Waiting here' }).click()
  const e = page.getByRole('dialog', { name: 'Edit smart filter' })
  const q = e.getByRole('textbox', { name: 'As a query' })
  await expect(q).toHaveValue('@waiting & !#Someday')
  await e.getByRole('combobox', { name: 'Match' }).selectOption('OR')
  await expect(q).toHaveValue('@waiting | !#Someday')
  await q.fill('today & (p1 | p2)')
  await expect(e.getByText('this | inside & cannot be saved', { exact: false })).toBeVisible()
  await shootAll(page, 'filter-dialog-error', async () => {
    await expect(e.getByTestId('query-error-token')).toHaveText('|')
  })
  await q.fill('today & p1')
  await expect(e.getByRole('combobox', { name: 'Field of condition 1' })).toHaveValue('due_date')
  await expect(e.getByRole('combobox', { name: 'Value of condition 2' })).toHaveValue('4')
  await shootAll(page, 'filter-dialog', async () => {
    await expect(q).toHaveValue('today & p1')
  })
  await e.getByRole('button', { name: 'Save filter' }).click()
  await expect(e).toHaveCount(0)
  await expect
    .poll(saved)
    .toEqual({
      logic: 'AND',
      conditions: [
        { field: 'due_date', operator: 'is_today' },
        { field: 'priority', operator: 'equals', value: 4 },
      ],
    })
})


test('assigned to: me lists what others assigned to me, and saves as a smart filter', async ({ page, account }) => {
  test.setTimeout(180_000)
  const userId = await signedIn(page, account)
  await makePro(userId)
  // Bea's project, where I am a member and she assigned me one task.
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const { userId: bea } = await signUpThroughApi({ email: `bea-${id}@example.test`, password: `Pw-${id}-secret`, fullName: 'Bea Builder' })
  const [launch] = await insert<{ id: string }>('projects', { user_id: bea, name: 'Launch' })
  await insert('project_members', { project_id: launch?.id, user_id: userId, role: 'member' })
  await insert('tasks', [
    { user_id: bea, title: 'Fuel the rocket', project_id: launch?.id, assigned_to: userId },
    { user_id: bea, title: 'Paint the fins', project_id: launch?.id },
    { user_id: userId, title: 'My own errand' },
  ])
  await page.goto('/app/tasks')
  await expect(openButton(page, 'My own errand')).toBeVisible()

  const input = palette(page).getByRole('combobox')
  await page.keyboard.press('/')
  await expect(palette(page)).toBeVisible()
  await input.fill('Filter: assigned to: me')
  await expect(palette(page).getByRole('option', { name: /Fuel the rocket/ })).toBeVisible()
  await expect(palette(page).getByText('Matching tasks (1)')).toBeVisible()
  await input.fill('Filter: assigned to: nobody')
  await expect(palette(page).getByRole('option', { name: /My own errand/ })).toBeVisible()
  await expect(palette(page).getByRole('option', { name: /Fuel the rocket/ })).toHaveCount(0)
  await input.fill('Filter: assigned to: Bea')
  await expect(palette(page).getByTestId('query-error-token')).toHaveText('Bea')

  await input.fill('Filter: assigned to: me')
  await expect(palette(page).getByRole('option', { name: /Fuel the rocket/ })).toBeVisible()
  await palette(page).getByRole('option', { name: /Save as smart filter/ }).click()
  const d = page.getByRole('dialog', { name: 'New smart filter' })
  await expect(d.getByRole('textbox', { name: 'As a query' })).toHaveValue('assigned to: me')
  await expect(d.getByRole('combobox', { name: 'Field of condition 1' })).toHaveValue('assigned_to')
  await expect(d.getByRole('combobox', { name: 'Value of condition 1' })).toHaveValue('me')
  await d.getByRole('textbox', { name: 'Name' }).fill('Assigned to me')
  await d.getByRole('button', { name: 'Create filter' }).click()
  // The filter's own screen lists the assigned task, not my unassigned one.
  await expect(page.getByRole('heading', { name: 'Assigned to me' })).toBeVisible()
  const [saved] = await select<{ filters_data: string }>('smart_lists', `user_id=eq.${userId}&name=eq.Assigned%20to%20me`)
  expect(JSON.parse(saved?.filters_data ?? '{}')).toEqual({ logic: 'AND', conditions: [{ field: 'assigned_to', operator: 'equals', value: 'me' }] })
  await expect(openButton(page, 'Fuel the rocket')).toBeVisible()
  await expect(openButton(page, 'My own errand')).toHaveCount(0)
})
