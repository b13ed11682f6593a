import { test } from '../fixtures'
import { insert, select, update } from '../db'
import { expect, makePro, pane, shootAll, signedIn, taskLayoutSettled } from '../tasks-helpers'

// Linked content on a task (002 §2, §4, §5, §7, §8): the panel's tabs and
// collapsible groups, the attach-content dialog (Recent Content, Search
// Results, a new note or entry written from the task), optimistic link and
// unlink with a silent revert, and the per-session upload rate counter.

type LinkRow = { task_id: string; note_id?: string; journal_id?: string; linked_by: string }

test('linked content: attach, search, create, unlink, tabs and groups, upload rate', async ({ page, account, consoleErrors }) => {
  test.setTimeout(300_000)
  const userId = await signedIn(page, account)
  await makePro(userId)
  const [note] = await insert<{ id: string }>('notes', { user_id: userId, title: 'Launch checklist', content: 'Fuel, **tiles**, crew.' })
  const [stale] = await insert<{ id: string }>('notes', { user_id: userId, title: 'Old idea', content: 'Gone soon.' })
  const [entry] = await insert<{ id: string }>('journal_entries', { user_id: userId, title: 'Standup thoughts', content: 'The heat shield worries me.', date: '2026-11-20' })
  const [task] = await insert<{ id: string }>('tasks', { user_id: userId, title: 'Check the heat shield' })
  const taskId = task?.id ?? ''

  await page.goto(`/app/tasks?taskId=${taskId}`)
  const p = pane(page)
  const tabs = p.getByRole('tablist', { name: 'Show' })
  await expect(tabs.getByRole('tab')).toHaveText(['All', 'Files', 'Notes', 'Journal'])
  await expect(p.getByText('No attachments yet')).toBeVisible()
  await tabs.getByRole('tab', { name: 'Journal' }).click()
  await expect(p.getByText('No linked journal entries yet')).toBeVisible()
  await tabs.getByRole('tab', { name: 'All' }).click()

  // Recent Content: both kinds; attach the note.
  await p.getByRole('button', { name: 'Attach content' }).click()
  const dialog = page.getByRole('dialog', { name: 'Attach content' })
  await expect(dialog.getByRole('tab', { name: 'Recent Content' })).toHaveAttribute('aria-selected', 'true')
  const recent = dialog.getByRole('list', { name: 'Content to attach' })
  await expect(recent.getByRole('listitem')).toHaveCount(3)
  await expect(recent).toContainText('Launch checklist')
  await expect(recent).toContainText('Standup thoughts')
  await recent.getByRole('button', { name: 'Attach Launch checklist' }).click()
  await expect(page.getByText('Content attached')).toBeVisible()
  await expect(recent.getByRole('listitem').filter({ hasText: 'Launch checklist' })).toContainText('Attached')
  await expect
    .poll(() => select<LinkRow>('task_note_links', `task_id=eq.${taskId}`))
    .toEqual([expect.objectContaining({ task_id: taskId, note_id: note?.id, linked_by: userId })])

  // A link that the server refuses (the note was deleted meanwhile) goes back silently.
  await update('notes', `id=eq.${stale?.id}`, { is_deleted: true })
  // The RPC's refusal is a 400 the browser logs; the app says nothing (002 §8).
  consoleErrors.allow(/status of 400/)
  await recent.getByRole('button', { name: 'Attach Old idea' }).click()
  await expect(recent.getByRole('button', { name: 'Attach Old idea' })).toBeVisible()
  expect(await select('task_note_links', `task_id=eq.${taskId}&note_id=eq.${stale?.id}`)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(p.getByRole('list', { name: 'Linked notes' }).getByRole('listitem')).toHaveCount(1)
  await expect(p.getByRole('list', { name: 'Linked notes' })).not.toContainText('Old idea')
  await p.getByRole('button', { name: 'Attach content' }).click()

  // Search Results: too short, then a match found by its words.
  await dialog.getByRole('tab', { name: 'Search Results' }).click()
  const box = dialog.getByRole('searchbox', { name: 'Search notes and journal entries' })
  await box.fill(' s ')
  await expect(dialog.getByText('Type at least 2 characters to search')).toBeVisible()
  await box.fill('heat shield')
  const results = dialog.getByRole('list', { name: 'Content to attach' })
  await expect(results.getByRole('listitem')).toHaveCount(1)
  await results.getByRole('button', { name: 'Attach Standup thoughts' }).click()
  await expect
    .poll(() => select<LinkRow>('task_journal_links', `task_id=eq.${taskId}`))
    .toEqual([expect.objectContaining({ journal_id: entry?.id, linked_by: userId })])
  // At 390 px the task opens as a modal, so the dialog is opened again there.
  const openDialog = async () => {
    await taskLayoutSettled(page)
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Attach content' }).last().click()
    await expect(dialog).toBeVisible()
  }
  await shootAll(page, 'attach-content-dialog', openDialog)
  await openDialog()

  // A new journal entry written from the task: validated, created and linked.
  await dialog.getByRole('tab', { name: 'New' }).click()
  await dialog.getByRole('radio', { name: 'Journal entry' }).click()
  await dialog.getByRole('textbox', { name: 'Title' }).fill('x')
  await dialog.getByRole('button', { name: 'Create and attach' }).click()
  await expect(dialog.getByText('Title must be at least 2 characters')).toBeVisible()
  await expect(page.getByText('Validation errors')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Title' }).fill('  Heat   shield log ')
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Tiles 1-40 checked.\u0007 <script>x</script>')
  await dialog.getByRole('button', { name: 'Create and attach' }).click()
  await expect(page.getByText('Content warnings')).toBeVisible()
  await expect(dialog).toBeHidden()
  const created = await expect
    .poll(async () => (await select<{ id: string; title: string; content: string; date: string }>('journal_entries', `user_id=eq.${userId}&title=eq.Heat shield log`))[0])
    .toMatchObject({ title: 'Heat shield log', content: 'Tiles 1-40 checked. <script>x</script>' })
  void created
  await expect.poll(async () => (await select<LinkRow>('task_journal_links', `task_id=eq.${taskId}`)).length).toBe(2)

  // The panel: groups per kind, the tabs narrow, a group collapses.
  const notesList = p.getByRole('list', { name: 'Linked notes' })
  const journalList = p.getByRole('list', { name: 'Linked journal entries' })
  await expect(notesList.getByRole('listitem')).toHaveCount(1)
  await expect(journalList.getByRole('listitem')).toHaveCount(2)
  await expect(p.getByRole('heading', { name: /^Attachments/ })).toHaveText('Attachments(3)')
  await shootAll(page, 'task-linked-content', async () => {
    const h = page.getByRole('heading', { name: /^Attachments/ }).last()
    await h.scrollIntoViewIfNeeded()
    await expect(page.getByRole('list', { name: 'Linked journal entries' }).last()).toBeVisible()
  })
  await tabs.getByRole('tab', { name: 'Notes' }).click()
  await expect(notesList).toBeVisible()
  await expect(journalList).toHaveCount(0)
  await tabs.getByRole('tab', { name: 'All' }).click()
  const journalGroup = p.getByRole('button', { name: /^Journal \(2\)/ })
  await journalGroup.click()
  await expect(journalGroup).toHaveAttribute('aria-expanded', 'false')
  await expect(journalList).toHaveCount(0)
  await journalGroup.press('Enter')
  await expect(journalList.getByRole('listitem')).toHaveCount(2)

  // Unlink the note: gone from the list and from the database.
  await notesList.getByRole('button', { name: 'Unlink Launch checklist' }).click()
  await expect(notesList).toHaveCount(0)
  await expect.poll(() => select('task_note_links', `task_id=eq.${taskId}`)).toEqual([])
  // The note itself stays.
  expect(await select<{ is_deleted: boolean }>('notes', `id=eq.${note?.id}`)).toEqual([expect.objectContaining({ is_deleted: false })])

  // Upload rate per browser session (002 §5): five in a minute, the sixth is refused before it is sent.
  const input = p.locator('input[type=file]')
  const txt = (i: number) => ({ name: `log-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`entry ${i}\n`) })
  await input.setInputFiles([1, 2, 3, 4, 5].map(txt))
  await expect(p.getByRole('list', { name: 'Files' }).getByRole('listitem')).toHaveCount(5)
  await input.setInputFiles([txt(6)])
  await expect(page.getByText('Upload rate limit exceeded (max 5 per minute).')).toBeVisible()
  await page.waitForTimeout(500)
  expect(await select('task_attachments', `task_id=eq.${taskId}`)).toHaveLength(5)
})
