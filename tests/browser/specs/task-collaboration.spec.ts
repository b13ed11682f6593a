import type { Page, WebSocketRoute } from '@playwright/test'
import { secondPerson, serverUrl, signUpThroughApi, test } from '../fixtures'
import { insert, select } from '../db'
import { expect, makePro, pane, shootAll, signedIn, taskLayoutSettled } from '../tasks-helpers'

// Comments with mentions and attachments on a shared task (002 §2, §4, §5,
// §7, §8), two people at once: A mentions B, B sees the comment and the
// notification live; A uploads an image (picker) and a PDF (dropped on the
// pane), B previews both as a project member, an outsider gets nothing.

/** Scrolls a section of the task (pane at 1280 px, modal at 390 px) into view for the screenshot. */
const showSection = (pg: Page, heading: RegExp) => async () => {
  const h = pg.getByRole('heading', { name: heading }).last()
  await h.scrollIntoViewIfNeeded()
  await expect(h).toBeInViewport()
}

type CommentRow = { id: string; content: string; mentions: string[]; user_id: string; is_marked_deleted: boolean; updated_at: string; created_at: string }
type AttachmentRow = { id: string; filename: string; mime_type: string; local_path: string; file_size: number; is_marked_deleted: boolean; user_id: string }

test('comments with mentions and attachments with previews, live between two people', async ({ page, account, browser }) => {
  test.setTimeout(300_000)
  const aId = await signedIn(page, account)
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const bAccount = { email: `bea-${id}@example.test`, password: `Pw-${id}-secret`, fullName: 'Bea Builder' }
  const { userId: bId } = await signUpThroughApi(bAccount)
  const outsider = await signUpThroughApi({ email: `otto-${id}@example.test`, password: `Pw-${id}-secret`, fullName: 'Otto Outsider' })
  // Pro: the Free plan allows one attachment a day (0206), the journey uploads more.
  await makePro(aId)

  const [project] = await insert<{ id: string }>('projects', { user_id: aId, name: 'Launch' })
  await insert('project_members', { project_id: project?.id, user_id: bId, role: 'member' })
  const [task] = await insert<{ id: string }>('tasks', { user_id: aId, title: 'Check the heat shield', project_id: project?.id })
  const taskId = task?.id ?? ''
  const url = `/app/tasks/project/${project?.id}?taskId=${taskId}`

  // Empty states.
  await page.goto(url)
  const p = pane(page)
  await expect(p.getByText('No comments yet')).toBeVisible()
  await expect(p.getByText('No attachments yet')).toBeVisible()
  await shootAll(page, 'task-collab-empty', showSection(page, /^Attachments/))

  // B has the same task open.
  const b = await secondPerson(browser, bAccount)
  await b.page.goto(url)
  const bp = pane(b.page)
  await expect(bp.getByText('No comments yet')).toBeVisible()

  // A mentions B with the keyboard: @, narrow, arrow, Enter.
  const box = p.getByRole('combobox', { name: 'Add a comment' })
  await expect(p.getByRole('button', { name: 'Comment', exact: true })).toBeDisabled()
  await box.fill('Nobody @zz')
  await expect(p.getByRole('listbox', { name: 'People to mention' })).toContainText('No users found')
  await box.fill('')
  await box.pressSequentially('Please look @Be')
  const options = p.getByRole('listbox', { name: 'People to mention' }).getByRole('option')
  await expect(options).toHaveCount(1)
  await expect(options.first()).toContainText('Bea Builder')
  await box.press('ArrowDown')
  await box.press('Enter')
  await expect(box).toHaveValue('Please look @Bea Builder ')
  await box.pressSequentially('at the tiles')
  await expect(p.getByRole('listbox', { name: 'People to mention' })).toHaveCount(0)
  await p.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(page.getByText('Comment added')).toBeVisible()
  await expect
    .poll(async () => (await select<CommentRow>('task_comments', `task_id=eq.${taskId}`))[0])
    .toMatchObject({ content: `Please look @[Bea Builder](${bId}) at the tiles`, mentions: [bId], user_id: aId, is_marked_deleted: false })
  await expect(p.getByRole('listitem', { name: 'Comment by Bea Builder' })).toHaveCount(0)
  await expect(p.locator(`[data-mention="${bId}"]`)).toHaveText('@Bea Builder')

  // B: the comment arrives live, and so does the mention's notification.
  await expect(bp.getByRole('listitem', { name: /^Comment by / })).toContainText('Please look @Bea Builder at the tiles', { timeout: 20_000 })
  await expect
    .poll(async () => await select<{ title: string; from_user_id: string; entity_id: string }>('notifications', `to_user_id=eq.${bId}&type=eq.comment`))
    .toEqual([expect.objectContaining({ title: 'You were mentioned in a comment', from_user_id: aId, entity_id: taskId })])
  await expect(b.page.locator('[data-sonner-toast]').filter({ hasText: 'You were mentioned in a comment' })).toBeVisible({ timeout: 20_000 })

  // B answers; A sees it live. B cannot edit A's comment.
  await bp.getByRole('combobox', { name: 'Add a comment' }).fill('On it')
  await bp.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(p.getByRole('listitem', { name: 'Comment by Bea Builder' })).toContainText('On it', { timeout: 20_000 })
  await expect(bp.getByRole('button', { name: 'Edit comment' })).toHaveCount(1)

  // A edits their comment: '(edited)'.
  const mine = p.getByRole('listitem', { name: /^Comment by / }).first()
  await mine.getByRole('button', { name: 'Edit comment' }).click()
  const edit = p.getByRole('combobox', { name: 'Edit comment' })
  await expect(edit).toHaveValue('Please look @Bea Builder at the tiles')
  await edit.fill('Please look @Bea Builder at the tiles today')
  await p.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Comment updated')).toBeVisible()
  await expect(mine).toContainText('(edited)')
  await expect
    .poll(async () => (await select<CommentRow>('task_comments', `task_id=eq.${taskId}&user_id=eq.${aId}`))[0]?.content)
    .toBe(`Please look @[Bea Builder](${bId}) at the tiles today`)

  // Attachments: a blocked file is refused before the upload.
  const input = p.locator('input[type=file]')
  await input.setInputFiles({ name: 'evil.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') })
  await expect(page.getByText('Upload validation failed')).toBeVisible()
  // An image by the picker, with its progress, then a PDF dropped on the pane.
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 160 } })
  await input.setInputFiles({ name: 'tiles.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByText('Attachment uploaded')).toBeVisible()
  const pdf = await page.pdf({ width: '300px', height: '200px' })
  const dt = await page.evaluateHandle((b64) => {
    const data = new DataTransfer()
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    data.items.add(new File([bytes], 'checklist.pdf', { type: 'application/pdf' }))
    return data
  }, pdf.toString('base64'))
  await p.dispatchEvent('dragenter', { dataTransfer: dt })
  await expect(p.getByText('Drop the files to attach them')).toBeVisible()
  await p.dispatchEvent('drop', { dataTransfer: dt })
  const files = p.getByRole('list', { name: 'Files' })
  await expect(files.getByRole('button', { name: /^Preview / })).toHaveText([/checklist\.pdf/, /tiles\.png/])
  const rows = await select<AttachmentRow>('task_attachments', `task_id=eq.${taskId}&order=created_at.asc`)
  expect(rows).toMatchObject([
    { filename: 'tiles.png', mime_type: 'image/png', file_size: png.length, user_id: aId, is_marked_deleted: false },
    { filename: 'checklist.pdf', mime_type: 'application/pdf', file_size: pdf.length, user_id: aId, is_marked_deleted: false },
  ])
  for (const r of rows) expect(r.local_path).toMatch(new RegExp(`^${aId}/${taskId}/[0-9a-f-]{36}\\.(png|pdf)$`))
  await expect(files.locator('img')).toHaveJSProperty('complete', true)
  await shootAll(page, 'task-collab-pane', showSection(page, /^Attachments/))
  await page.goto(url)

  // B, a project member, sees both live and previews them; B cannot delete them.
  const bFiles = bp.getByRole('list', { name: 'Files' })
  await expect(bFiles.getByRole('button', { name: /^Preview / })).toHaveCount(2, { timeout: 20_000 })
  await expect(bFiles.getByRole('button', { name: /^Delete / })).toHaveCount(0)
  await bFiles.getByRole('button', { name: 'Preview tiles.png' }).click()
  const dialog = b.page.getByRole('dialog', { name: 'tiles.png' })
  const image = dialog.getByRole('img', { name: 'tiles.png' })
  await expect(image).toHaveJSProperty('complete', true)
  expect(await image.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
  await dialog.getByRole('button', { name: 'Zoom in' }).click()
  await expect(dialog.getByLabel('Zoom level')).toHaveText('120%')
  await dialog.getByRole('button', { name: 'Rotate' }).click()
  await expect(image).toHaveAttribute('style', /rotate\(90deg\)/)
  await b.page.keyboard.press('Escape')
  await bFiles.getByRole('button', { name: 'Preview checklist.pdf' }).click()
  const pdfFrame = b.page.getByRole('dialog', { name: 'checklist.pdf' }).locator('iframe[title="PDF: checklist.pdf"]')
  await expect(pdfFrame).toBeVisible()
  const signed = await pdfFrame.getAttribute('src')
  expect(signed).toContain('/storage/v1/object/sign/task-attachments/')
  expect((await fetch(signed ?? '')).status).toBe(200)
  await b.page.keyboard.press('Escape')

  // An outsider reaches neither the rows nor the bytes, and cannot attach.
  const asOutsider = (path: string, init: RequestInit = {}) =>
    fetch(`${serverUrl()}${path}`, {
      ...init,
      headers: { apikey: process.env.DAYBASE_ANON_KEY ?? '', Authorization: `Bearer ${outsider.accessToken}`, 'Content-Type': 'application/json', ...init.headers },
    })
  expect(await (await asOutsider(`/rest/v1/task_attachments?task_id=eq.${taskId}`)).json()).toEqual([])
  expect(await (await asOutsider(`/rest/v1/task_comments?task_id=eq.${taskId}`)).json()).toEqual([])
  const object = rows[0]?.local_path ?? ''
  expect((await asOutsider(`/storage/v1/object/authenticated/task-attachments/${object}`)).status).toBeGreaterThanOrEqual(400)
  expect((await asOutsider(`/storage/v1/object/sign/task-attachments/${object}`, { method: 'POST', body: JSON.stringify({ expiresIn: 60 }) })).status).toBeGreaterThanOrEqual(400)
  expect((await asOutsider(`/storage/v1/object/public/task-attachments/${object}`)).status).toBeGreaterThanOrEqual(400)
  const attach = await asOutsider('/rest/v1/task_attachments', {
    method: 'POST',
    body: JSON.stringify({ task_id: taskId, user_id: outsider.userId, filename: 'x.png', file_size: 10, mime_type: 'image/png' }),
  })
  expect(attach.status).toBeGreaterThanOrEqual(400)

  // A deletes the PDF and their comment.
  await files.getByRole('button', { name: 'Delete checklist.pdf' }).click()
  await expect(page.getByText('Attachment deleted')).toBeVisible()
  await expect.poll(async () => (await select<AttachmentRow>('task_attachments', `task_id=eq.${taskId}&filename=eq.checklist.pdf`))[0]?.is_marked_deleted).toBe(true)
  await expect(bFiles.getByRole('button', { name: /^Preview / })).toHaveCount(1, { timeout: 20_000 })
  await mine.getByRole('button', { name: 'Delete comment' }).click()
  await expect(page.getByText('Comment deleted')).toBeVisible()
  await expect.poll(async () => (await select<CommentRow>('task_comments', `task_id=eq.${taskId}&user_id=eq.${aId}`))[0]?.is_marked_deleted).toBe(true)
  await expect(bp.getByRole('listitem', { name: /^Comment by / })).toHaveCount(1, { timeout: 20_000 })

  // The preview at both widths (at 390 px the task opens as a modal, so the preview is opened again there).
  await shootAll(b.page, 'task-collab-preview', async () => {
    const preview = b.page.getByRole('dialog', { name: 'tiles.png' })
    await taskLayoutSettled(b.page)
    if (!(await preview.isVisible())) await b.page.getByRole('button', { name: 'Preview tiles.png' }).last().click()
    await expect(preview.getByRole('img', { name: 'tiles.png' })).toHaveJSProperty('complete', true)
  })

  expect(b.errors, 'console errors of the second person').toEqual([])
  await b.page.context().close()
})

test('a comment made while the connection was down shows once it is back', async ({ page, account }) => {
  // The realtime socket goes through the test, which can cut it as a
  // network would; realtime-js reconnects on its own a second later.
  type Link = { page: WebSocketRoute; server: WebSocketRoute }
  const links: Link[] = []
  const commentJoins: string[] = []
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((m) => server.send(m))
    server.onMessage((m) => {
      ws.send(m)
      // realtime-js's v2 frames: [join_ref, ref, topic, event, payload].
      const [, , topic, event, payload] = JSON.parse(String(m)) as [string, string, string, string, { status?: string }]
      if (event === 'phx_reply' && payload.status === 'ok' && topic.includes('task_comments')) commentJoins.push(topic)
    })
    links.push({ page: ws, server })
  })
  const userId = await signedIn(page, account)
  const [task] = await insert<{ id: string }>('tasks', { user_id: userId, title: 'Renew the lease' })
  await page.goto(`/app/tasks?view=inbox&taskId=${task?.id}`)
  const p = pane(page)
  await expect(p.getByText('No comments yet')).toBeVisible()
  await expect.poll(() => commentJoins.length).toBeGreaterThan(0)
  const joinsBefore = commentJoins.length

  // The network drops; meanwhile a comment is written on another device.
  const link = links.at(-1)
  await link?.page.close()
  await link?.server.close()
  await insert('task_comments', { task_id: task?.id, user_id: userId, content: 'Written on the phone' })

  // Back: the channel joins again and the thread is read again.
  await expect.poll(() => commentJoins.length, { timeout: 30_000 }).toBeGreaterThan(joinsBefore)
  await expect(p.getByRole('listitem', { name: /^Comment by / })).toContainText('Written on the phone', { timeout: 20_000 })
})
