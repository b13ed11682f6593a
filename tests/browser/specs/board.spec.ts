import type { Locator, Page } from '@playwright/test'
import { insert, select, tasksOf } from '../db'
import { screenshot, test } from '../fixtures'
import { expect, openButton, shootAll, signedIn } from '../tasks-helpers'
import { keyboardDragReady } from '../dnd'

// Boards (issue 26): a project's own columns (projects.board_columns, 0720)
// with WIP counts, cards dragged between and within columns by mouse and by
// keyboard, columns added and deleted by the user; "by priority" and "by
// due" boards for any list. Every move is checked in the database.

test.use({ timezoneId: 'UTC' })

const lane = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const card = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: title, exact: true })
const one = async (userId: string, title: string) => (await tasksOf(userId, `&title=eq.${encodeURIComponent(title)}`))[0]
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

const overlay = (page: Page) => page.locator('[data-drag-overlay]')

/**
 * A mouse drag as a person makes one: press on the card, nudge it until it
 * lifts (the drag overlay shows), move over the lane in steps, hold until the
 * lane shows it takes the card (or refuses it), let go. A lane off screen is
 * reached as a person does: hold the card at the board's edge until the board
 * has scrolled the lane into view.
 */
async function drag(
  page: Page,
  from: Locator,
  to: Locator,
  where: 'center' | 'bottom' = 'center',
  shows: 'takes' | 'refuses' = 'takes',
  whileOver?: () => Promise<void>,
): Promise<void> {
  await from.scrollIntoViewIfNeeded()
  const a = await from.boundingBox()
  if (!a) throw new Error('no card')
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 4 })
  await expect(overlay(page)).toBeVisible()
  const view = page.viewportSize()
  let b = await to.boundingBox()
  if (!b || !view) throw new Error('no lane')
  const board = await page.locator('[data-board]').boundingBox()
  if (!board) throw new Error('no board')
  const [left, right] = [Math.max(board.x, 0), Math.min(board.x + board.width, view.width)]
  if (b.x < left || b.x + b.width > right) {
    await page.mouse.move(b.x < left ? left + 8 : right - 8, a.y + a.height / 2, { steps: 10 })
    await expect(to).toBeInViewport({ ratio: 1 })
    b = await to.boundingBox()
    if (!b) throw new Error('no lane')
  }
  const y = where === 'bottom' ? b.y + b.height - 12 : b.y + b.height / 2
  await page.mouse.move(b.x + b.width / 2, y, { steps: 15 })
  await expect(to).toHaveAttribute('data-drop', shows)
  await whileOver?.()
  await page.mouse.up()
  await expect(overlay(page)).toHaveCount(0)
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
  await keyboardDragReady(page)
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
  await keyboardDragReady(page)
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

  // Mouse, into the column just added: the card is stored in it.
  await drag(page, card(page, 'Design logo'), lane(page, 'Review'))
  await expect(card(lane(page, 'Review'), 'Design logo')).toBeVisible()
  await expect(lane(page, 'Review').getByLabel('1 of 2 cards', { exact: true })).toBeVisible()
  const review = (await select<Project>('projects', `id=eq.${project.id}`))[0]?.board_columns.find((c) => c.name === 'Review')?.id
  expect(review).toBeTruthy()
  await expect.poll(async () => (await one(userId, 'Design logo'))?.board_column).toBe(review)

  // Deleting the column sends its card back to "No column".
  await page.getByRole('button', { name: 'Column Review options' }).click()
  await page.getByRole('menuitem', { name: 'Delete column' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete column' }).click()
  await expect(lane(page, 'Review')).toHaveCount(0)
  await expect(card(lane(page, 'No column'), 'Design logo')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Design logo'))?.board_column).toBeNull()
  await expect.poll(columns).toEqual(['To do:-', 'Doing:1', 'Done:-'])

  // Move left: Done goes before Doing, on the board and in the project.
  await page.getByRole('button', { name: 'Column Done options' }).click()
  await page.getByRole('menuitem', { name: 'Move left' }).click()
  await expect(page.getByRole('group', { name: 'Launch board' }).getByRole('heading', { level: 2 })).toHaveText(['No column', 'To do', 'Done', 'Doing'])
  await expect.poll(columns).toEqual(['To do:-', 'Done:-', 'Doing:1'])
})

test('any list by priority: a card dragged by mouse from P4 to P1', async ({ page, account }) => {
  test.setTimeout(240_000)
  const userId = await signedIn(page, account)
  await insert('tasks', [
    { user_id: userId, title: 'Pay rent', priority: 4, sort_order: 1 },
    { user_id: userId, title: 'Renew passport', priority: 1, sort_order: 2 },
  ])
  await page.goto('/app/tasks?view=inbox&layout=board&by=priority')
  await expect(card(lane(page, 'P1'), 'Pay rent')).toBeVisible()
  await expect(card(lane(page, 'P4'), 'Renew passport')).toBeVisible()

  await drag(page, card(page, 'Renew passport'), lane(page, 'P1'), 'bottom')
  await expect(lane(page, 'P1').getByRole('listitem')).toHaveText([/^Pay rent/, /^Renew passport/])
  await expect(lane(page, 'P4').getByRole('listitem')).toHaveCount(0)
  await expect.poll(async () => (await one(userId, 'Renew passport'))?.priority).toBe(4)
  await shootAll(page, 'board-priority', async () => {
    await expect(card(lane(page, 'P1'), 'Renew passport')).toBeVisible()
  })
})

test('"Add task" on a board steps back to the list\'s inline add', async ({ page, account }) => {
  test.setTimeout(240_000)
  const userId = await signedIn(page, account)
  await insert('tasks', { user_id: userId, title: 'Water plants', priority: 1 })
  await page.goto('/app/tasks?view=inbox&layout=board&by=priority')
  await expect(card(lane(page, 'P4'), 'Water plants')).toBeVisible()

  await page.getByRole('button', { name: 'Add task', exact: true }).click()
  const input = page.getByRole('textbox', { name: /^New task in/ })
  await expect(input).toBeFocused()
  await expect(page).not.toHaveURL(/layout=board/)
  await expect(page.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'false')
  await input.fill('Call the plumber')
  await input.press('Enter')
  await expect(openButton(page, 'Call the plumber')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Call the plumber'))?.project_id ?? 'inbox').toBe('inbox')
})

test('any list by due date: drag to a day by mouse, walk by keyboard into No date, Overdue refuses', async ({ page, account }) => {
  test.setTimeout(300_000)
  const userId = await signedIn(page, account)
  const today = new Date().toISOString().slice(0, 10)
  const plus = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  const weekday = (n: number) => new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${plus(n)}T12:00:00Z`))
  await insert('tasks', [
    { user_id: userId, title: 'Late report', due_date: plus(-3), due_time: `${plus(-3)}T14:00:00Z`, reminders: [30] },
    { user_id: userId, title: 'Standup', due_date: today, due_time: `${today}T09:30:00Z`, reminders: [10] },
    { user_id: userId, title: 'Someday idea' },
  ])
  await page.goto('/app/tasks?view=inbox&layout=board&by=due')
  await expect(card(lane(page, 'Overdue'), 'Late report')).toBeVisible()
  await expect(card(lane(page, 'Today'), 'Standup')).toBeVisible()
  await shootAll(page, 'board-due', async () => {
    await expect(card(lane(page, 'No date'), 'Someday idea')).toBeVisible()
  })
  const schedule = async (title: string) => {
    const t = await one(userId, title)
    return t && [t.due_date, t.due_time?.slice(11, 16) ?? null, t.reminders]
  }

  // Mouse: Standup to Tomorrow keeps its time of day.
  await drag(page, card(page, 'Standup'), lane(page, 'Tomorrow'))
  await expect(card(lane(page, 'Tomorrow'), 'Standup')).toBeVisible()
  await expect.poll(() => schedule('Standup')).toEqual([plus(1), '09:30', [10]])

  // Mouse: Overdue refuses a card, says why on the lane and after the drop, and nothing changes.
  await drag(page, card(page, 'Standup'), lane(page, 'Overdue'), 'center', 'refuses', async () => {
    await expect(lane(page, 'Overdue').getByText('Overdue takes no cards: drop it on a day to reschedule it.')).toBeVisible()
    await screenshot(page, 'board-due-refused-1280-light')
  })
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Overdue takes no cards' })).toBeVisible()
  await expect(card(lane(page, 'Tomorrow'), 'Standup')).toBeVisible()
  await expect(lane(page, 'Overdue').getByRole('listitem')).toHaveText([/^Late report/])
  expect(await schedule('Standup')).toEqual([plus(1), '09:30', [10]])

  // Keyboard: Late report from Overdue, one lane a press, into No date: date, time and reminders go.
  await page.setViewportSize({ width: 1600, height: 900 })
  await card(page, 'Late report').focus()
  await page.keyboard.press('Space')
  await expect(status(page, 'Late report is over Overdue')).toBeAttached()
  await keyboardDragReady(page)
  for (const name of ['Today', 'Tomorrow', weekday(2), weekday(3), weekday(4), weekday(5), weekday(6), 'Later', 'No date']) {
    await page.keyboard.press('ArrowRight')
    await expect(status(page, `Late report is over ${name}`)).toBeAttached()
    await expect(lane(page, name)).toHaveAttribute('data-drop', 'takes')
    await expect(lane(page, name)).toBeInViewport()
  }
  await page.keyboard.press('Space')
  await expect(status(page, 'Late report was dropped in No date.')).toBeAttached()
  await expect(card(lane(page, 'No date'), 'Late report')).toBeVisible()
  await expect.poll(() => schedule('Late report')).toEqual([null, null, []])

  // Keyboard: Overdue refuses a drop too.
  await card(page, 'Standup').focus()
  await page.keyboard.press('Space')
  await expect(status(page, 'Standup is over Tomorrow')).toBeAttached()
  await keyboardDragReady(page)
  await page.keyboard.press('ArrowLeft')
  await expect(status(page, 'Standup is over Today')).toBeAttached()
  await page.keyboard.press('ArrowLeft')
  await expect(status(page, 'Standup is over Overdue. Overdue takes no cards')).toBeAttached()
  await expect(lane(page, 'Overdue')).toHaveAttribute('data-drop', 'refuses')
  await page.keyboard.press('Space')
  await expect(status(page, 'Standup was not moved. Overdue takes no cards')).toBeAttached()
  await expect(card(lane(page, 'Tomorrow'), 'Standup')).toBeVisible()
  expect(await schedule('Standup')).toEqual([plus(1), '09:30', [10]])
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
  // Swipe the board along to P4: the lane snaps into place, whole.
  const board = page.getByRole('group', { name: 'Inbox board' })
  const inView = async (l: Locator) => {
    const b = await l.boundingBox()
    return !!b && b.x >= 0 && b.x + b.width <= 390
  }
  await expect
    .poll(async () => {
      if (await inView(lane(page, 'P4'))) return true
      const b = await board.boundingBox()
      if (b) await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2)
      await page.mouse.wheel(200, 0)
      return false
    })
    .toBe(true)
  const menuButton = page.getByRole('button', { name: 'Move Renew passport to…' })
  // On a phone the menu's button is there without hovering.
  await expect(menuButton).toBeVisible()
  await menuButton.click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText(['P1', 'P2', 'P3', 'No priority'])
  // The open menu leaves the board where it was: the card's lane stays whole on screen (the open menu hides
  // the rest of the page from the accessibility tree, so the lane is found by its label here).
  const p4 = page.locator('section[aria-label="P4"]')
  expect(await inView(p4)).toBe(true)
  await screenshot(page, 'board-move-menu-390-light')
  expect(await inView(p4)).toBe(true)
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
