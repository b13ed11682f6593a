import type { Page } from '@playwright/test'
import { insert, preference, projectsOf, select, tasksOf } from '../db'
import { test } from '../fixtures'
import { expect, makePro, openButton, sidebar, signedIn } from '../tasks-helpers'

// Issue 19: the search palette (categories, recent searches, keyboard) and
// every shortcut of spec 001 §9, each pressed as a user would, its effect
// checked on screen and, where it writes, in the database.

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const headings = (page: Page) => palette(page).locator('[cmdk-group-heading]')
const selected = (page: Page) => palette(page).locator('[cmdk-item][data-selected="true"]')

test('palette: categories in order, Alt+arrows between them, the last five searches', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  const [project] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Notes archive' })
  await insert('tasks', { user_id: userId, title: 'Release notes draft' })
  await insert('global_tags', { user_id: userId, name: 'notes-review', color: '#3b82f6', usage_count: 1 })
  await insert('notes', { user_id: userId, title: 'Meeting notes', content: 'agenda' })
  await page.goto('/app/tasks')
  await expect(openButton(page, 'Release notes draft')).toBeVisible()

  // Opened empty: no recent searches yet, the commands with Navigation first.
  await page.keyboard.press('/')
  await expect(palette(page)).toBeVisible()
  await expect(palette(page).getByPlaceholder('Search tasks, notes, and more...')).toBeFocused()
  await expect(headings(page).first()).toHaveText('Navigation')
  await expect(palette(page).getByText('Recent searches')).toHaveCount(0)

  await page.keyboard.type('notes')
  await expect(palette(page).getByRole('option', { name: /Release notes draft/ })).toBeVisible()
  await expect(headings(page)).toHaveText(['Search', 'Tasks', 'Projects', 'Tags', 'Notes', 'Navigation'])
  // Enter would search everything; Alt+Down jumps a category at a time.
  await expect(selected(page)).toHaveText(/Search everything for “notes”/)
  await page.keyboard.press('Alt+ArrowDown')
  await expect(selected(page)).toHaveText(/Release notes draft/)
  await page.keyboard.press('Alt+ArrowDown')
  await expect(selected(page)).toHaveText(/Notes archive/)
  await page.keyboard.press('Alt+ArrowDown')
  await expect(selected(page)).toHaveText(/notes-review/)
  await page.keyboard.press('Alt+ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/app/tasks/project/${project?.id}$`))
  await expect.poll(() => preference(userId, 'search.recentSearches')).toEqual(['notes'])

  // Opened again (f): the search is offered; Enter fills it, Enter again shows every result.
  await page.keyboard.press('f')
  await expect(palette(page).getByRole('group', { name: 'Recent searches' }).getByRole('option', { name: 'notes' })).toBeVisible()
  await expect(selected(page)).toHaveText('notes')
  await page.keyboard.press('Enter')
  await expect(selected(page)).toHaveText(/Search everything for “notes”/)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/app\/search\?q=notes$/)
  await expect(page.getByRole('region', { name: 'Tasks results' }).getByRole('link', { name: /Release notes draft/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Notes results' }).getByRole('link', { name: /Meeting notes/ })).toBeVisible()

  // Five more searches from the header box: the oldest falls off.
  for (const q of ['alpha', 'bravo', 'charlie', 'delta', 'echo']) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(q)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${q}$`))
  }
  await expect.poll(() => preference(userId, 'search.recentSearches')).toEqual(['echo', 'delta', 'charlie', 'bravo', 'alpha'])
  await page.keyboard.press('Control+k')
  await expect(palette(page).getByRole('group', { name: 'Recent searches' }).getByRole('option')).toHaveText([
    'echo',
    'delta',
    'charlie',
    'bravo',
    'alpha',
    'Clear recent searches',
  ])
  await palette(page).getByRole('option', { name: 'Clear recent searches' }).click()
  await expect(palette(page).getByText('Recent searches')).toHaveCount(0)
  await expect.poll(() => preference(userId, 'search.recentSearches')).toEqual([])
})

test('every shortcut of 001 §9, pressed as a user would', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await insert('projects', [
    { user_id: userId, name: 'Alpha', sort_order: 1 },
    { user_id: userId, name: 'Bravo', sort_order: 2 },
  ])
  await insert('tasks', { user_id: userId, title: 'Middle' })
  await page.goto('/app/notes')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // h home; n notes; j journal; G then i/t/u/p; O then s.
  const go = async (keys: string[], url: RegExp) => {
    for (const k of keys) await page.keyboard.press(k)
    await expect(page).toHaveURL(url)
  }
  await go(['h'], /\/app$/)
  await go(['n'], /\/app\/notes$/)
  await go(['j'], /\/app\/journal$/)
  await go(['g', 'i'], /\/app\/tasks\?view=inbox$/)
  await go(['g', 'u'], /\/app\/tasks\?view=upcoming$/)
  await go(['g', 't'], /\/app\/tasks$/)
  await go(['o', 's'], /\/app\/settings/)
  // Screens enter the back/forward history once they are on screen, not
  // while their code still loads: wait for it before leaving.
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await go(['g', 'p'], /\/app\/tasks$/)
  // A prefix lasts 2 s: G, a pause, then i does nothing.
  await page.keyboard.press('g')
  await page.waitForTimeout(2300)
  await page.keyboard.press('i')
  await expect(page).toHaveURL(/\/app\/tasks$/)

  // Ctrl+[ and Ctrl+] walk the history; Ctrl+Shift+L lists recent screens.
  await page.keyboard.press('Control+[')
  await expect(page).toHaveURL(/\/app\/settings/)
  await page.keyboard.press('Control+]')
  await expect(page).toHaveURL(/\/app\/tasks$/)
  await page.keyboard.press('Control+Shift+L')
  const recent = page.getByRole('menu')
  await expect(recent.getByText('Recent screens')).toBeVisible()
  await recent.getByRole('menuitem', { name: /\/app\/journal/ }).click()
  await expect(page).toHaveURL(/\/app\/journal$/)

  // /, f and Ctrl+K open the palette; ? the shortcuts help.
  for (const key of ['/', 'f', 'Control+k']) {
    await page.keyboard.press(key)
    await expect(palette(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(palette(page)).toBeHidden()
  }
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help.getByRole('cell', { name: 'Quick add task' })).toBeVisible()
  await page.keyboard.press('Escape')

  // m and Ctrl+B toggle the module sidebar.
  await go(['g', 'i'], /view=inbox$/)
  await page.keyboard.press('m')
  await expect(page.getByRole('complementary', { name: 'Module' })).toHaveCount(0)
  await page.keyboard.press('Control+b')
  await expect(page.getByRole('complementary', { name: 'Module' })).toBeVisible()

  // q quick add (Ctrl+Enter saves); a adds at the bottom, Shift+A at the top.
  await page.keyboard.press('q')
  const quick = page.getByRole('dialog', { name: /Quick add/ })
  await expect(quick).toBeVisible()
  await page.keyboard.type('Pay rent tomorrow p1')
  await page.keyboard.press('Control+Enter')
  await expect(quick).toBeHidden()
  // p1 is urgent: stored 4 (decisions "Priority colours").
  await expect.poll(async () => (await tasksOf(userId, '&title=eq.Pay%20rent'))[0]?.priority).toBe(4)
  await expect(openButton(page, 'Middle')).toBeVisible()
  await page.keyboard.press('a')
  await page.keyboard.type('Last')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Shift+A')
  await page.keyboard.type('First')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await expect.poll(async () => (await tasksOf(userId, '&title=neq.Pay%20rent')).map((t) => t.title)).toEqual(['First', 'Middle', 'Last'])

  // Alt+Arrow moves a focused project.
  await sidebar(page).getByRole('link', { name: /^Alpha/ }).focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect.poll(async () => (await projectsOf(userId)).map((p) => p.name)).toEqual(['Bravo', 'Alpha'])

  // The focus-timer keys: start, pause, resume, skip, stop.
  const statuses = async () =>
    (await select<{ type: string; status: string }>('pomodoro_sessions', `user_id=eq.${userId}&order=started_at.asc&select=type,status`)).map(
      (s) => `${s.type} ${s.status}`,
    )
  await page.keyboard.press('Control+p')
  await expect.poll(statuses).toEqual(['work active'])
  await page.keyboard.press('Control+Shift+P')
  await expect.poll(statuses).toEqual(['work paused'])
  await page.keyboard.press('Control+p')
  await expect.poll(statuses).toEqual(['work active'])
  await page.keyboard.press('Control+Shift+N')
  await expect.poll(statuses).toEqual(['work cancelled', 'short_break active'])
  await page.keyboard.press('Control+Alt+p')
  await expect.poll(statuses).toEqual(['work cancelled', 'short_break cancelled'])
  await expect(page.getByRole('navigation', { name: 'Modules' }).getByRole('progressbar')).toHaveCount(0)
})

test('smart filters: hide when empty in the sidebar, built-ins read-only with a switch', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await makePro(userId) // three custom filters: over the Free plan's two
  await insert('tasks', { user_id: userId, title: 'Water the plants' })
  const data = (word: string) => JSON.stringify({ conditions: [{ field: 'title', operator: 'contains', value: word }], logic: 'AND' })
  await page.goto('/app/tasks')
  await expect(openButton(page, 'Water the plants')).toBeVisible()
  await insert('smart_lists', [
    { user_id: userId, name: 'Ghosts', name_normalized: 'ghosts', filters_data: data('zzqx'), hide_when_empty: true },
    { user_id: userId, name: 'Plants', name_normalized: 'plants', filters_data: data('plants'), hide_when_empty: true },
    { user_id: userId, name: 'Empty but shown', name_normalized: 'empty but shown', filters_data: data('zzqx'), hide_when_empty: false },
  ])
  await page.goto('/app/tasks')
  await expect(sidebar(page).getByRole('link', { name: /^Plants/ })).toBeVisible()
  await expect(sidebar(page).getByRole('link', { name: /^Empty but shown/ })).toBeVisible()
  await expect(sidebar(page).getByRole('link', { name: /^Ghosts/ })).toHaveCount(0)

  await page.goto('/app/settings#smart-filters')
  const builtIns = page.getByRole('list', { name: 'Built-in smart filters' })
  await expect(builtIns.getByText('Today')).toBeVisible()
  await expect(builtIns.getByRole('button', { name: /Edit/ })).toHaveCount(0)
  await builtIns.getByRole('switch', { name: 'Hide Today when empty' }).click()
  await expect
    .poll(async () => (await select<{ hide_when_empty: boolean }>('smart_lists', `user_id=eq.${userId}&system_key=eq.today&is_deleted=eq.false`))[0]?.hide_when_empty)
    .toBe(true)
})

test('smart filters: the first visit makes the built-ins and shows them with the filters already there', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  const data = JSON.stringify({ conditions: [{ field: 'title', operator: 'contains', value: 'read' }], logic: 'AND' })
  // A filter made on another device before this browser's first visit.
  await insert('smart_lists', { user_id: userId, name: 'Reading', name_normalized: 'reading', filters_data: data })
  const live = () => select<{ name: string; system_key: string | null }>('smart_lists', `user_id=eq.${userId}&is_deleted=eq.false`)
  expect((await live()).filter((f) => f.system_key)).toHaveLength(0)
  await page.goto('/app/tasks')
  // The RPC and the first read go side by side; the built-ins it added are read again.
  await expect(sidebar(page).getByRole('link', { name: /^Reading/ })).toBeVisible()
  await expect.poll(async () => (await live()).filter((f) => f.system_key).length).toBe(7)
  await page.goto('/app/settings#smart-filters')
  const builtIns = page.getByRole('list', { name: 'Built-in smart filters' })
  // Inbox is always shown, so settings offers no switch for it.
  for (const name of ['All', 'Today', 'Upcoming', 'Anytime', 'Someday', 'Logbook']) await expect(builtIns.getByText(name, { exact: true })).toBeVisible()
  await expect(page.getByText('Reading', { exact: true })).toBeVisible()
})
