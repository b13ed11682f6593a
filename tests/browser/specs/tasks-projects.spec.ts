import type { Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert, projectsOf, tasksOf } from '../db'
import { expect, openButton, row, sidebar, signedIn } from '../tasks-helpers'

// Projects (001 §2, §4): the dialogs, favorites, duplicate, archive and
// restore, delete, reordering by drag and by Alt+Arrow, and moving tasks
// by dragging them onto a project or the Inbox.

const projectRows = (page: Page) => sidebar(page).getByRole('list', { name: 'Projects' }).getByRole('listitem')

async function projectMenu(page: Page, name: string) {
  await sidebar(page).getByRole('button', { name: `Project menu, ${name}`, exact: true }).click()
}

test('create, edit, favorite, duplicate, archive, restore and delete a project', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await page.goto('/app/tasks')

  // Create: a name is required; colour, icon and weight are chosen.
  await sidebar(page).getByRole('button', { name: 'Add project' }).click()
  const dialog = page.getByRole('dialog', { name: 'New project' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill('   ')
  await dialog.getByRole('button', { name: 'Create project' }).click()
  await expect(dialog.getByText('Enter a project name')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Garden')
  await dialog.getByRole('radio', { name: 'Green' }).click()
  await dialog.getByRole('button', { name: /^Icon: Folder, duotone/ }).click()
  const picker = page.getByRole('dialog', { name: 'Choose an icon' })
  await picker.getByRole('radio', { name: 'bold' }).click()
  await picker.getByRole('button', { name: 'Tree' }).click()
  await page.keyboard.press('Escape')
  await dialog.getByLabel('Due date').fill('2026-12-24')
  await dialog.getByRole('button', { name: 'Create project' }).click()
  await expect(page.getByRole('heading', { name: 'Garden', level: 1 })).toBeVisible()
  await expect
    .poll(async () => (await projectsOf(userId)).map((p) => [p.name, p.color, p.icon_name, p.icon_weight, p.overview]))
    .toEqual([['Garden', '#22c55e', 'Tree', 'bold', 'Due: 2026-12-24']])

  // Edit.
  await projectMenu(page, 'Garden')
  await page.getByRole('menuitem', { name: 'Edit project' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit project' })
  await edit.getByRole('textbox', { name: 'Name' }).fill('Back garden')
  await edit.getByRole('button', { name: 'Save project' }).click()
  await expect(page.getByRole('heading', { name: 'Back garden', level: 1 })).toBeVisible()
  await expect.poll(async () => (await projectsOf(userId))[0]?.name).toBe('Back garden')

  // Favorite: it shows in the favorites grid.
  await projectMenu(page, 'Back garden')
  await page.getByRole('menuitem', { name: 'Add to favorites' }).click()
  await expect(page.getByText('Added to favorites')).toBeVisible()
  await expect(sidebar(page).getByRole('region', { name: 'Favorites' }).getByRole('link', { name: 'Back garden' })).toBeVisible()
  await expect.poll(async () => (await projectsOf(userId))[0]?.is_favorite).toBe(true)

  // Duplicate twice: (Copy), (Copy 2), with the open tasks.
  await insert('tasks', { user_id: userId, title: 'Plant tulips', project_id: (await projectsOf(userId))[0]?.id })
  for (const name of ['Back garden (Copy)', 'Back garden (Copy 2)']) {
    await projectMenu(page, 'Back garden')
    await page.getByRole('menuitem', { name: 'Duplicate project' }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  }
  await expect(openButton(page, 'Plant tulips')).toBeVisible()
  await expect.poll(async () => (await projectsOf(userId)).map((p) => p.name)).toEqual(['Back garden', 'Back garden (Copy)', 'Back garden (Copy 2)'])
  await expect.poll(async () => (await tasksOf(userId, '&title=eq.Plant%20tulips')).length).toBe(3)

  // Archive: it leaves the sidebar (and its tasks the views); restore from the list.
  await projectMenu(page, 'Back garden (Copy)')
  await page.getByRole('menuitem', { name: 'Archive project' }).click()
  await expect(projectRows(page).filter({ hasText: 'Back garden (Copy)' })).toHaveCount(0)
  await expect.poll(async () => (await projectsOf(userId)).find((p) => p.name === 'Back garden (Copy)')?.is_archived).toBe(true)
  await page.goto('/app/tasks?view=all')
  await expect(openButton(page, 'Plant tulips')).toHaveCount(2)
  await sidebar(page).getByRole('button', { name: /Archived projects/ }).click()
  const archived = page.getByRole('dialog', { name: 'Archived projects' })
  await archived.getByRole('button', { name: 'Restore' }).click()
  await expect(archived.getByText('No archived projects.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(projectRows(page).filter({ hasText: 'Back garden (Copy)' })).toHaveCount(1)
  await expect.poll(async () => (await projectsOf(userId)).find((p) => p.name === 'Back garden (Copy)')?.is_archived).toBe(false)
  await expect(openButton(page, 'Plant tulips')).toHaveCount(3)

  // Delete, after confirming.
  await projectMenu(page, 'Back garden (Copy 2)')
  await page.getByRole('menuitem', { name: 'Delete project' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete project' })
  await expect(confirm).toContainText('Are you sure you want to delete "Back garden (Copy 2)"?')
  await confirm.getByRole('button', { name: 'Delete project' }).click()
  await expect(projectRows(page).filter({ hasText: 'Back garden (Copy 2)' })).toHaveCount(0)
  await expect.poll(async () => (await projectsOf(userId)).filter((p) => !p.is_deleted).map((p) => p.name)).toEqual(['Back garden', 'Back garden (Copy)'])
})

test('reorder owned projects by drag and by Alt+Arrow', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await insert('projects', [
    { user_id: userId, name: 'Alpha', sort_order: 1 },
    { user_id: userId, name: 'Bravo', sort_order: 2 },
    { user_id: userId, name: 'Charlie', sort_order: 3 },
  ])
  await page.goto('/app/tasks')
  // Survives in-app navigation, not a page load.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await expect(projectRows(page)).toHaveText([/Alpha/, /Bravo/, /Charlie/])
  const names = async () => (await projectsOf(userId)).map((p) => p.name)

  // Alt+Down on Alpha: Bravo, Alpha, Charlie; the focus stays on Alpha.
  await sidebar(page).getByRole('link', { name: /^Alpha/ }).focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(projectRows(page)).toHaveText([/Bravo/, /Alpha/, /Charlie/])
  await expect.poll(names).toEqual(['Bravo', 'Alpha', 'Charlie'])
  await expect(sidebar(page).getByRole('link', { name: /^Alpha/ })).toBeFocused()

  // Drag Charlie above Bravo, once dnd-kit is in (it loads when the pointer
  // or the focus reaches the list, or when the page is idle; its context
  // renders the drag instructions for screen readers).
  await expect(page.locator('[id^="DndDescribedBy-"]')).toBeAttached()
  const charlie = await sidebar(page).getByRole('link', { name: /^Charlie/ }).boundingBox()
  const bravo = await sidebar(page).getByRole('link', { name: /^Bravo/ }).boundingBox()
  if (!charlie || !bravo) throw new Error('no rows')
  await page.mouse.move(charlie.x + 40, charlie.y + charlie.height / 2)
  await page.mouse.down()
  await page.mouse.move(charlie.x + 40, charlie.y + charlie.height / 2 - 10, { steps: 3 })
  await page.mouse.move(bravo.x + 40, bravo.y + 4, { steps: 10 })
  await page.mouse.up()
  await expect(projectRows(page)).toHaveText([/Charlie/, /Bravo/, /Alpha/])
  await expect.poll(names).toEqual(['Charlie', 'Bravo', 'Alpha'])
  // The drop is not a click: the dragged project does not open.
  await expect(page).toHaveURL(/\/app\/tasks$/)
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
})

test('drag a task onto a project, then onto the Inbox', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await insert('projects', { user_id: userId, name: 'Errands' })
  await insert('tasks', { user_id: userId, title: 'Buy stamps' })
  await page.goto('/app/tasks?view=all')
  await row(page, 'Buy stamps').locator('[data-task-row]').dragTo(sidebar(page).getByRole('link', { name: /^Errands/ }))
  await expect(page.getByText('Moved to Errands')).toBeVisible()
  await expect.poll(async () => (await tasksOf(userId))[0]?.list).toBe('Errands')
  await expect(row(page, 'Buy stamps').getByText('Errands')).toBeVisible()

  await row(page, 'Buy stamps').locator('[data-task-row]').dragTo(sidebar(page).getByRole('link', { name: /^Inbox/ }))
  await expect(page.getByText('Moved to Inbox')).toBeVisible()
  await expect.poll(async () => (await tasksOf(userId))[0]?.project_id).toBeNull()
  await expect.poll(async () => (await tasksOf(userId))[0]?.list ?? null).toBeNull()
})
