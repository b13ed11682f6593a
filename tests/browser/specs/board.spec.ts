import type { Locator, Page } from '@playwright/test'
import { insert, select, tasksOf } from '../db'
import { screenshot, test } from '../fixtures'
import { expect, shootAll, signedIn } from '../tasks-helpers'

// Boards (issue 26): a project's own columns (projects.board_columns, 0720)
// with WIP counts, cards dragged between and within columns by mouse and by
// keyboard, columns added and deleted by the user; "by priority" and "by
// due" boards for any list. Every move is checked in the database.

test.use({ timezoneId: 'UTC' })

const lane = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const card = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: title, exact: true })
const one = async (userId: string, title: string) => (await tasksOf(userId, `&title=eq.${encodeURIComponent(title)}`))[0]
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

async function drag(page: Page, from: Locator, to: Locator, where: 'center' | 'bottom' = 'center'): Promise<void> {
  const a = await from.boundingBox()
  const b = await to.boundingBox()
  if (!a || !b) throw new Error('no boxes')
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 4 })
  const y = where === 'bottom' ? b.y + b.height - 12 : b.y + b.height / 2
  await page.mouse.move(b.x + b.width / 2, y, { steps: 15 })
  await page.mouse.up()
}

type Project = { id: string; board_columns: { id: string; name: string; wip_limit: number | null }[] }

test('a project board: columns, WIP, drag by mouse and keyboard, columns edited', async ({ page, account }) => {
  test.setTimeout(300_000)
  const userId = await signedIn(page, account)
  const [project] = await insert<Project>('projects', {
    user_id: userId,
    name: 'Launch',
    board_columns: [
      { id: 'todo', name: 'To do', wip_limit: null },
      { id: 'doing', name: 'Doing', wip_limit: 1 },
      { id: 'done', name: 'Done', wip_limit: null },
    ],
  })
  if (!project) throw new Error('no project')
  await insert('tasks', [
    { user_id: userId, title: 'Write copy', project_id: project.id, board_column: 'todo', sort_order: 1 },
    { user_id: userId, title: 'Design logo', project_id: project.id, board_column: 'todo', sort_order: 2 },
    { user_id: userId, title: 'Fix bug', project_id: project.id, board_column: 'doing', sort_order: 3, priority: 1 },
    { user_id: userId, title: 'Loose end', project_id: project.id, sort_order: 4 },
  ])

  // The list's header switches to the board.
  await page.goto(`/app/tasks/project/${project.id}`)
  await page.getByRole('button', { name: 'Board' }).click()
  await expect(page).toHaveURL(/layout=board/)
  await expect(lane(page, 'Doing')).toBeVisible()
  await expect(card(lane(page, 'No column'), 'Loose end')).toBeVisible()
  await expect(lane(page, 'Doing').getByLabel('1 of 1 cards', { exact: true })).toBeVisible()
  await shootAll(page, 'board-project', async () => {
    await expect(card(lane(page, 'To do'), 'Write copy')).toBeVisible()
  })
  // Wide enough that a mouse drag reaches every column without scrolling the board.
  await page.setViewportSize({ width: 1600, height: 900 })

  // Mouse, between columns: Write copy into Doing, under Fix bug; Doing is over its limit.
  await drag(page, card(page, 'Write copy'), lane(page, 'Doing'), 'bottom')
  await expect(card(lane(page, 'Doing'), 'Write copy')).toBeVisible()
  await expect(lane(page, 'Doing').getByLabel('2 of 1 cards, over the limit')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Write copy'))?.board_column).toBe('doing')

  // Keyboard, within a column: Write copy above Fix bug (Space, ArrowUp, Space).
  await card(page, 'Write copy').focus()
  await page.keyboard.press('Space')
  // dnd-kit's live region says where the card is, as a screen reader would.
  await expect(status(page, 'Write copy is over Doing, position 2 of 2.')).toBeAttached()
  await page.keyboard.press('ArrowUp')
  await expect(status(page, 'Write copy is over Doing, position 1 of 2.')).toBeAttached()
  await page.keyboard.press('Space')
  await expect(status(page, 'Write copy was dropped in Doing.')).toBeAttached()
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([one(userId, 'Write copy'), one(userId, 'Fix bug')])
      return a && b && a.sort_order < b.sort_order
    })
    .toBe(true)
  await expect(lane(page, 'Doing').getByRole('listitem').first()).toContainText('Write copy')

  // Keyboard, between columns: Loose end to the right, into To do.
  await card(page, 'Loose end').focus()
  await page.keyboard.press('Space')
  await expect(status(page, 'Loose end is over No column, position 1 of 1.')).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(status(page, 'Loose end is over To do')).toBeAttached()
  await page.keyboard.press('Space')
  await expect(card(lane(page, 'To do'), 'Loose end')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Loose end'))?.board_column).toBe('todo')
  // "No column" goes once it is empty.
  await expect(lane(page, 'No column')).toHaveCount(0)

  // A column added by the user, with a WIP limit, is stored with the project.
  await page.getByRole('button', { name: 'Add column' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add column' })
  await dialog.getByLabel('Name').fill('Review')
  await dialog.getByLabel('WIP limit').fill('0')
  await expect(dialog.getByText('Enter a whole number from 1 to 999')).toBeVisible()
  await dialog.getByLabel('WIP limit').fill('2')
  await dialog.getByRole('button', { name: 'Add column' }).click()
  await expect(lane(page, 'Review').getByLabel('0 of 2 cards')).toBeVisible()
  const columns = async () => (await select<Project>('projects', `id=eq.${project.id}`))[0]?.board_columns.map((c) => `${c.name}:${c.wip_limit ?? '-'}`)
  await expect.poll(columns).toEqual(['To do:-', 'Doing:1', 'Done:-', 'Review:2'])
})

test('any list by due date: drag to a day by mouse and by keyboard', async ({ page, account }) => {
  test.setTimeout(240_000)
  const userId = await signedIn(page, account)
  const today = new Date().toISOString().slice(0, 10)
  const plus = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  await insert('tasks', [
    { user_id: userId, title: 'Late report', due_date: plus(-3) },
    { user_id: userId, title: 'Standup', due_date: today, due_time: `${today}T09:30:00Z`, reminders: [10] },
    { user_id: userId, title: 'Someday idea' },
  ])
  await page.goto('/app/tasks?view=inbox&layout=board&by=due')
  await expect(card(lane(page, 'Overdue'), 'Late report')).toBeVisible()
  await expect(card(lane(page, 'Today'), 'Standup')).toBeVisible()
  await shootAll(page, 'board-due', async () => {
    await expect(card(lane(page, 'No date'), 'Someday idea')).toBeVisible()
  })

  // Mouse: Standup to Tomorrow keeps its time of day.
  await drag(page, card(page, 'Standup'), lane(page, 'Tomorrow'))
  await expect(card(lane(page, 'Tomorrow'), 'Standup')).toBeVisible()
  await expect
    .poll(async () => {
      const t = await one(userId, 'Standup')
      return t && [t.due_date, t.due_time?.slice(11, 16)]
    })
    .toEqual([plus(1), '09:30'])

  // Keyboard: Late report right, into Today.
  await card(page, 'Late report').focus()
  await page.keyboard.press('Space')
  await expect(status(page, 'Late report is over Overdue, position 1 of 1.')).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(status(page, 'Late report is over Today')).toBeAttached()
  await page.keyboard.press('Space')
  await expect(card(lane(page, 'Today'), 'Late report')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Late report'))?.due_date).toBe(today)
})

test('on a phone, a card moves with its "Move to…" menu', async ({ page, account }) => {
  test.setTimeout(240_000)
  const userId = await signedIn(page, account)
  const plus = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  await insert('tasks', [
    { user_id: userId, title: 'Renew passport', priority: 1 },
    { user_id: userId, title: 'Late invoice', due_date: plus(-2) },
  ])

  // By priority: P4 → P1 from the menu, no drag.
  await page.goto('/app/tasks?view=inbox&layout=board&by=priority')
  await expect(card(lane(page, 'P4'), 'Renew passport')).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  const menuButton = page.getByRole('button', { name: 'Move Renew passport to…' })
  // On a phone the menu's button is there without hovering.
  await expect(menuButton).toBeVisible()
  await menuButton.click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText(['P1', 'P2', 'P3', 'No priority'])
  await screenshot(page, 'board-move-menu-390-light')
  await menu.getByRole('menuitem', { name: 'P1' }).click()
  await expect(card(lane(page, 'P1'), 'Renew passport')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Renew passport'))?.priority).toBe(4)

  // By due date: Overdue takes no cards, so the menu never offers it; Tomorrow moves the date.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/tasks?view=inbox&layout=board&by=due')
  await expect(card(lane(page, 'Overdue'), 'Late invoice')).toBeVisible()
  await shootAll(page, 'board-move-button', async () => {
    await expect(card(lane(page, 'Overdue'), 'Late invoice')).toBeVisible()
  })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Move Late invoice to…' }).click()
  await expect(menu.getByRole('menuitem', { name: 'Overdue' })).toHaveCount(0)
  await menu.getByRole('menuitem', { name: 'Tomorrow' }).click()
  await expect(card(lane(page, 'Tomorrow'), 'Late invoice')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Late invoice'))?.due_date).toBe(plus(1))
})
