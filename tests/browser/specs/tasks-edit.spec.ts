import type { Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert, preference, select, tasksOf, update } from '../db'
import { expect, autoSaved, openButton, pane, row, signedIn, undoButton } from '../tasks-helpers'

// The edit pane (001 §2, §4, §5): every field, auto-save after a second,
// schedule-task-notifications, the Free caps, and the actions.

const ZONE = 'Europe/Berlin'
test.use({ timezoneId: ZONE, permissions: ['clipboard-read', 'clipboard-write'] })

function day(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offset * 86_400_000),
  )
}

/** The instant of a Berlin wall-clock time on a day, as the server returns it. */
function berlin(dayIso: string, time: string): number {
  // Berlin is UTC+1 in winter and UTC+2 in summer: find the offset for that day.
  const probe = new Date(`${dayIso}T12:00:00Z`)
  const local = new Date(probe.toLocaleString('en-US', { timeZone: ZONE }))
  const offsetMs = local.getTime() - new Date(probe.toLocaleString('en-US', { timeZone: 'UTC' })).getTime()
  return Date.parse(`${dayIso}T${time}:00Z`) - offsetMs
}

async function one(userId: string, title: string) {
  const rows = await tasksOf(userId, `&title=eq.${encodeURIComponent(title)}&is_deleted=eq.false`)
  const found = rows[0]
  if (!found) throw new Error(`no task ${title}`)
  return found
}

async function openTask(page: Page, title: string) {
  await openButton(page, title).click()
  await expect(pane(page).getByRole('textbox', { name: 'Task title' })).toHaveValue(title)
}

test('every field of the pane saves itself a second after the change', async ({ page, account }) => {
  test.setTimeout(180_000)
  const userId = await signedIn(page, account)
  await insert('projects', { user_id: userId, name: 'Family' })
  await insert('tasks', { user_id: userId, title: 'Plan the party' })
  await page.goto('/app/tasks?view=inbox')
  await openTask(page, 'Plan the party')
  const p = pane(page)

  await p.getByRole('textbox', { name: 'Task title' }).fill('Plan the birthday party')
  await p.getByRole('textbox', { name: 'Notes' }).fill('Balloons and a cake')
  await autoSaved(page)
  await expect.poll(async () => (await one(userId, 'Plan the birthday party')).notes).toBe('Balloons and a cake')

  // Date from the calendar, then a time typed in 12-hour form.
  await p.getByRole('button', { name: 'Add a due date' }).click()
  const picker = page.getByRole('dialog', { name: 'Date and time' })
  await picker.getByRole('button', { name: `Tomorrow, ${day(1)}` }).click()
  await picker.getByRole('textbox', { name: 'Hour' }).fill('13')
  await picker.getByRole('textbox', { name: 'Minutes' }).fill('30')
  await picker.getByRole('button', { name: 'Set time' }).click()
  await expect(picker.getByRole('alert')).toContainText('Enter an hour from 1 to 12')
  await picker.getByRole('textbox', { name: 'Hour' }).fill('7')
  await picker.getByRole('combobox', { name: 'AM or PM' }).selectOption('PM')
  const scheduled = page.waitForRequest((r) => r.url().includes('/functions/v1/schedule-task-notifications') && r.method() === 'POST')
  await picker.getByRole('button', { name: 'Set time' }).click()
  await page.keyboard.press('Escape')
  await autoSaved(page)
  const body = (await scheduled).postDataJSON() as { task: { id: string; due_date: string }; userId: string }
  expect(body.userId).toBe(userId)
  expect(body.task.due_date).toBe(day(1))
  await expect
    .poll(async () => {
      const t = await one(userId, 'Plan the birthday party')
      return [t.due_date, t.due_time ? Date.parse(t.due_time) : null]
    })
    .toEqual([day(1), berlin(day(1), '19:30')])

  // A quick pick every 30 minutes.
  await p.getByRole('button', { name: /^Due Tomorrow/ }).click()
  await picker.getByRole('group', { name: 'Quick times' }).getByRole('button', { name: '8:30 AM' }).click()
  await page.keyboard.press('Escape')
  await expect
    .poll(async () => {
      const t = await one(userId, 'Plan the birthday party')
      return t.due_time ? Date.parse(t.due_time) : null
    })
    .toBe(berlin(day(1), '08:30'))

  // A reminder preset; the Free plan's second opens the paywall.
  await p.getByRole('button', { name: 'Add reminder' }).click()
  await page.getByRole('button', { name: '15 minutes before' }).click()
  await expect.poll(async () => (await one(userId, 'Plan the birthday party')).reminders).toEqual([15])
  await p.getByRole('button', { name: 'Add reminder' }).click()
  await page.getByRole('textbox', { name: 'Custom reminder amount' }).fill('2')
  await page.getByRole('combobox', { name: 'Custom reminder unit' }).selectOption('hours')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const paywall = page.getByRole('dialog', { name: 'Upgrade to keep going' })
  await expect(paywall).toContainText('Reminder limit reached for Free plan')
  await paywall.getByRole('button', { name: 'Not now' }).click()
  await expect((await one(userId, 'Plan the birthday party')).reminders).toEqual([15])

  // Clearing the time clears the reminders too.
  await p.getByRole('button', { name: /^Due Tomorrow/ }).click()
  await picker.getByRole('button', { name: 'Clear time' }).click()
  await page.keyboard.press('Escape')
  await expect
    .poll(async () => {
      const t = await one(userId, 'Plan the birthday party')
      return [t.due_date, t.due_time, t.reminders]
    })
    .toEqual([day(1), null, []])

  // Repeat, then every 3 weeks through the recurrence dialog (1 to 30).
  await p.getByRole('combobox', { name: 'Repeat' }).selectOption('daily')
  await expect.poll(async () => (await one(userId, 'Plan the birthday party')).recurrence).toBe('{"type":"daily","interval":1}')
  await p.getByRole('combobox', { name: 'Repeat' }).selectOption('custom')
  const repeat = page.getByRole('dialog', { name: 'Repeat' })
  await repeat.getByRole('spinbutton', { name: 'Every' }).fill('31')
  await repeat.getByRole('button', { name: 'Save repeat' }).click()
  await expect(repeat).toContainText('Enter a whole number from 1 to 30')
  await repeat.getByRole('spinbutton', { name: 'Every' }).fill('3')
  await repeat.getByRole('combobox', { name: 'Unit' }).selectOption('weekly')
  await repeat.getByRole('button', { name: 'Save repeat' }).click()
  await expect.poll(async () => JSON.parse((await one(userId, 'Plan the birthday party')).recurrence ?? '{}')).toEqual({ type: 'weekly', interval: 3 })

  // Location, priority, importance and urgency, project, tags.
  await p.getByRole('button', { name: 'Add a location' }).click()
  await page.getByRole('dialog', { name: 'Location' }).getByRole('textbox', { name: 'Place' }).fill('Town hall')
  await page.getByRole('button', { name: 'Save location' }).click()
  await p.getByRole('radio', { name: 'Priority 1 (urgent)' }).click()
  await p.getByRole('combobox', { name: 'Importance' }).selectOption('High')
  await p.getByRole('combobox', { name: 'Urgency' }).selectOption('Medium')
  await p.getByRole('combobox', { name: 'Project' }).selectOption('Family')
  await p.getByRole('combobox', { name: 'Add a tag' }).fill('party')
  await page.keyboard.press('Enter')
  await p.getByRole('combobox', { name: 'Add a tag' }).fill('Home')
  await page.keyboard.press('Enter')
  await autoSaved(page)
  await expect
    .poll(async () => {
      const t = await one(userId, 'Plan the birthday party')
      return [t.location, t.priority, t.importance, t.urgency, t.list, t.tags]
    })
    .toEqual(['Town hall', 4, 3, 2, 'Family', 'party, Home'])
  await expect
    .poll(async () => (await select<{ name: string; usage_count: number }>('global_tags', `user_id=eq.${userId}&order=name`)).map((t) => `${t.name}:${t.usage_count}`))
    .toEqual(['Home:1', 'party:1'])

  // Subtasks, and the row's progress.
  const sub = p.getByRole('textbox', { name: 'Add a subtask' })
  await sub.fill('Buy balloons')
  await page.keyboard.press('Enter')
  await sub.fill('Order the cake')
  await page.keyboard.press('Enter')
  await p.getByRole('checkbox', { name: 'Complete Buy balloons' }).click()
  const parent = await one(userId, 'Plan the birthday party')
  await expect
    .poll(async () => (await select<{ title: string; is_completed: boolean }>('tasks', `parent_id=eq.${parent.id}&order=sort_order`)).map((t) => `${t.title}:${t.is_completed}`))
    .toEqual(['Buy balloons:true', 'Order the cake:false'])
  await page.goto('/app/tasks?view=all')
  await expect(row(page, 'Plan the birthday party').getByLabel('1 of 2 subtasks done')).toBeVisible()

  // Star from the pane.
  await openTask(page, 'Plan the birthday party')
  await p.getByRole('button', { name: 'Star task' }).click()
  await expect.poll(async () => (await one(userId, 'Plan the birthday party')).is_starred).toBe(true)
})

test('a time without a date goes to tasks.creation.defaultDateForTime', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await insert('user_preferences', { user_id: userId, preference_key: 'tasks.creation.defaultDateForTime', preference_value: '"tomorrow"' })
  await insert('tasks', { user_id: userId, title: 'Call grandma' })
  await page.goto('/app/tasks?view=inbox')
  await openTask(page, 'Call grandma')
  await pane(page).getByRole('button', { name: 'Add a due date' }).click()
  await page.getByRole('group', { name: 'Quick times' }).getByRole('button', { name: '6:00 PM' }).click()
  await page.keyboard.press('Escape')
  await expect
    .poll(async () => {
      const t = await one(userId, 'Call grandma')
      return [t.due_date, t.due_time ? Date.parse(t.due_time) : null]
    })
    .toEqual([day(1), berlin(day(1), '18:00')])
})

test('the Free plan’s 21st subtask opens the paywall', async ({ page, account, consoleErrors }) => {
  const userId = await signedIn(page, account)
  const [parent] = await insert<{ id: string }>('tasks', { user_id: userId, title: 'Big checklist' })
  await insert('tasks', Array.from({ length: 20 }, (_, i) => ({ user_id: userId, title: `Step ${i + 1}`, parent_id: parent?.id })))
  await page.goto('/app/tasks?view=inbox')
  await openTask(page, 'Big checklist')
  await expect(pane(page).getByText('0/20 done')).toBeVisible()
  await pane(page).getByRole('textbox', { name: 'Add a subtask' }).fill('Step 21')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Upgrade to keep going' })).toContainText('Subtask limit reached for Free plan')
  expect(await select('tasks', `parent_id=eq.${parent?.id}`)).toHaveLength(20)
  consoleErrors.allow(/status of 400/)
})

test('complete with Undo; a recurring task shows its next occurrence', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await insert('tasks', [
    { user_id: userId, title: 'Water the plants', due_date: day(0), recurrence: '{"type":"daily","interval":1}' },
    { user_id: userId, title: 'Post the letter' },
  ])
  await page.goto('/app/tasks?view=all')
  await row(page, 'Post the letter').getByRole('checkbox', { name: 'Complete Post the letter' }).click()
  await expect(page.getByText('Task completed')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Post the letter')).is_completed).toBe(true)
  await expect(openButton(page, 'Post the letter')).toHaveCount(0)
  await undoButton(page, 'Task completed').click()
  await expect(page.getByText('Task reopened')).toBeVisible()
  await expect.poll(async () => (await one(userId, 'Post the letter')).is_completed).toBe(false)
  await expect(openButton(page, 'Post the letter')).toBeVisible()

  await row(page, 'Water the plants').getByRole('checkbox', { name: 'Complete Water the plants' }).click()
  await expect
    .poll(async () => (await tasksOf(userId, '&title=eq.Water%20the%20plants')).map((t) => `${t.due_date}:${t.is_completed}`).sort())
    .toEqual([`${day(0)}:true`, `${day(1)}:false`])
  await expect(row(page, 'Water the plants').getByText('Tomorrow')).toBeVisible()
})

test('add at the bottom with a and at the top with Shift+A; duplicate, export, delete', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await insert('tasks', [{ user_id: userId, title: 'Middle' }])
  await page.goto('/app/tasks?view=inbox')
  await expect(openButton(page, 'Middle')).toBeVisible()
  await page.keyboard.press('a')
  await page.keyboard.type('Last')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Shift+A')
  await page.keyboard.type('First')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  const list = page.getByRole('list', { name: 'Inbox tasks' })
  await expect(list.locator('[data-task-open] > span:first-child')).toHaveText(['First', 'Middle', 'Last'])
  await expect.poll(async () => (await tasksOf(userId)).map((t) => t.title)).toEqual(['First', 'Middle', 'Last'])

  // Duplicate copies the task (with its subtasks) right below it.
  await openTask(page, 'Middle')
  const p = pane(page)
  await p.getByRole('textbox', { name: 'Add a subtask' }).fill('A step')
  await page.keyboard.press('Enter')
  await expect(p.getByRole('textbox', { name: 'Subtask A step' })).toBeVisible()
  await p.getByRole('button', { name: 'More task actions' }).click()
  await page.getByRole('menuitem', { name: 'Duplicate' }).click()
  await expect(page.getByText('Task duplicated')).toBeVisible()
  await expect(list.locator('[data-task-open] > span:first-child')).toHaveText(['First', 'Middle', 'Middle', 'Last'])
  const copies = await tasksOf(userId, '&title=eq.Middle')
  expect(copies).toHaveLength(2)
  await expect.poll(async () => (await select('tasks', `parent_id=eq.${copies[1]?.id}&title=eq.A%20step`)).length).toBe(1)

  // Export as Markdown and as iCalendar.
  await p.getByRole('button', { name: 'More task actions' }).click()
  const md = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Export as Markdown' }).click()
  expect((await md).suggestedFilename()).toBe('middle.md')
  await p.getByRole('button', { name: 'More task actions' }).click()
  const ics = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Export as iCalendar' }).click()
  expect((await ics).suggestedFilename()).toBe('middle.ics')

  // Share: a link to the task.
  await p.getByRole('button', { name: 'More task actions' }).click()
  await page.getByRole('menuitem', { name: 'Copy link to task' }).click()
  await expect(page.getByText('Link copied')).toBeVisible()
  const id = new URL(page.url()).searchParams.get('edit')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/app/tasks?taskId=${id}`)

  // Delete asks first, in the spec's words.
  await p.getByRole('button', { name: 'More task actions' }).click()
  await page.getByRole('menuitem', { name: 'Delete task' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete task' })
  await expect(confirm).toContainText('Are you sure you want to delete "Middle"? This action cannot be undone.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(pane(page)).toHaveCount(0)
  await expect(page).not.toHaveURL(/edit=/)
  await expect.poll(async () => (await select<{ is_deleted: boolean }>('tasks', `id=eq.${id}`))[0]?.is_deleted).toBe(true)
})

test('the pane resizes and remembers its width and its task', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  const [task] = await insert<{ id: string }>('tasks', { user_id: userId, title: 'Remember me' })
  await page.goto('/app/tasks?view=inbox')
  await openTask(page, 'Remember me')
  const edge = page.getByRole('separator', { name: 'Resize task details' })
  await expect(edge).toHaveAttribute('aria-valuenow', '320')
  await edge.focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(edge).toHaveAttribute('aria-valuenow', '368')
  await expect.poll(() => preference(userId, 'taskEditPaneWidth')).toBe(368)
  // Drag the edge to the left.
  const box = await edge.boundingBox()
  if (!box) throw new Error('no edge')
  await page.mouse.move(box.x + 4, box.y + 200)
  await page.mouse.down()
  await page.mouse.move(box.x - 96, box.y + 200, { steps: 5 })
  await page.mouse.up()
  await expect.poll(() => preference(userId, 'taskEditPaneWidth')).toBe(468)
  await expect.poll(() => preference(userId, 'editingTaskId')).toBe(task?.id)
  await expect.poll(() => preference(userId, 'lastSelectedTaskId')).toBe(task?.id)

  // Leaving the task routes closes the pane; coming back opens it again, also after a reload.
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Dashboard' }).click()
  await expect(pane(page)).toHaveCount(0)
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Tasks' }).click()
  await expect(pane(page).getByRole('textbox', { name: 'Task title' })).toHaveValue('Remember me')
  await expect(page.getByRole('separator', { name: 'Resize task details' })).toHaveAttribute('aria-valuenow', '468')
  await page.goto('/app/tasks')
  await expect(pane(page).getByRole('textbox', { name: 'Task title' })).toHaveValue('Remember me')

  // A task that vanishes (deleted elsewhere) closes the pane and is forgotten.
  await update('tasks', `id=eq.${task?.id}`, { is_deleted: true })
  await page.reload()
  await expect(pane(page)).toHaveCount(0)
  await expect(page).not.toHaveURL(/edit=/)
  await expect.poll(() => preference(userId, 'editingTaskId')).toBeNull()

  // Closing the pane forgets the task in edit.
  await insert('tasks', { user_id: userId, title: 'Another' })
  await page.reload()
  await openTask(page, 'Another')
  await pane(page).getByRole('button', { name: 'Close task' }).click()
  await expect.poll(() => preference(userId, 'editingTaskId')).toBeNull()
})

test('a new task starred and completed before the server has it is saved with both', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await page.goto('/app/tasks?view=inbox')
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible()
  // The insert is answered 1.5 s late, as on a slow network: the star and
  // the completion are made while the task still has its temporary id.
  let inserts = 0
  await page.route('**/rest/v1/tasks**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    inserts += 1
    await new Promise((r) => setTimeout(r, 1500))
    await route.continue()
  })
  const patched: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/rest/v1/tasks')) patched.push(new URL(r.url()).searchParams.get('id') ?? '')
  })
  await page.keyboard.press('a')
  await page.getByRole('textbox', { name: /New task in/ }).fill('Answer the landlord')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Star Answer the landlord', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Star Answer the landlord', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('checkbox', { name: 'Complete Answer the landlord', exact: true }).click()
  expect(inserts).toBe(1)
  await expect
    .poll(async () => (await tasksOf(userId, '&title=eq.Answer%20the%20landlord')).map((t) => `${t.is_starred} ${t.is_completed}`))
    .toEqual(['true true'])
  // Both edits went out with the server's id, never the temporary one.
  const [saved] = await tasksOf(userId, '&title=eq.Answer%20the%20landlord')
  expect(patched).toEqual([`eq.${saved?.id}`, `eq.${saved?.id}`])
})

const subtaskTitles = (page: Page) =>
  pane(page)
    .getByRole('textbox', { name: /^Subtask / })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))

test('tasks and subtasks typed fast are kept in the order typed, whatever the network does', async ({ page, account }) => {
  const userId = await signedIn(page, account)
  await insert('tasks', { user_id: userId, title: 'Pack for the trip' })
  await page.goto('/app/tasks?view=inbox')
  await expect(openButton(page, 'Pack for the trip')).toBeVisible()
  // The first insert of each pair is answered 800 ms late, the next at once:
  // sent side by side, the second would reach the server first and be
  // numbered first (the server puts a new task after the highest).
  let posts = 0
  await page.route('**/rest/v1/tasks**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    posts += 1
    if (posts % 2) await new Promise((r) => setTimeout(r, 800))
    await route.continue()
  })
  await page.keyboard.press('a')
  const input = page.getByRole('textbox', { name: /New task in/ })
  await input.fill('Passport')
  await input.press('Enter')
  await input.fill('Tickets')
  await input.press('Enter')
  await page.keyboard.press('Escape')
  const list = page.getByRole('list', { name: 'Inbox tasks' })
  await expect(list.locator('[data-task-open] > span:first-child')).toHaveText(['Pack for the trip', 'Passport', 'Tickets'])
  await expect.poll(async () => (await tasksOf(userId, '&parent_id=is.null')).map((t) => t.title)).toEqual(['Pack for the trip', 'Passport', 'Tickets'])

  await openTask(page, 'Pack for the trip')
  const sub = pane(page).getByRole('textbox', { name: 'Add a subtask' })
  await sub.fill('Socks')
  await sub.press('Enter')
  await sub.fill('Charger')
  await sub.press('Enter')
  await expect.poll(() => subtaskTitles(page)).toEqual(['Socks', 'Charger'])
  const parent = await one(userId, 'Pack for the trip')
  await expect.poll(async () => (await tasksOf(userId, `&parent_id=eq.${parent.id}`)).map((t) => t.title)).toEqual(['Socks', 'Charger'])
  // And after a reload, from the server's order.
  await page.reload()
  await expect.poll(() => subtaskTitles(page)).toEqual(['Socks', 'Charger'])
  await expect(list.locator('[data-task-open] > span:first-child')).toHaveText(['Pack for the trip', 'Passport', 'Tickets'])
  expect(posts).toBe(4)
})
