import { expect as baseExpect } from '@playwright/test'
import { serverUrl, signInThroughUi, signUpThroughApi, test } from '../fixtures'
import { insert, select } from '../db'
import { openButton, pane } from '../tasks-helpers'

// Issue 21 / 002 §5: file signatures are checked in the browser. A file
// whose first bytes do not fit its type, or that carries an executable
// signature, is refused with the storage server's own text before a byte
// is sent; the server refuses the same bytes with the same words.

const expect = baseExpect.configure({ timeout: 30_000 })

test('an upload whose bytes do not match its type is refused before it is sent', async ({ page, account }) => {
  const { userId, accessToken } = await signUpThroughApi(account)
  await signInThroughUi(page, account)
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible({ timeout: 60_000 })
  const [task] = await insert<{ id: string }>('tasks', { user_id: userId, title: 'Holiday photos' })
  const taskId = task?.id ?? ''

  const uploads: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/object/') && !r.url().includes('/object/sign/') && r.method() === 'POST') uploads.push(r.url())
  })
  await page.goto('/app/tasks?view=inbox')
  await openButton(page, 'Holiday photos').click()
  const p = pane(page)
  const input = p.locator('input[type=file]')
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Upload validation failed' })

  // A PDF renamed to .png.
  const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n')
  await input.setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: pdfBytes })
  await expect(toast).toContainText('File validation failed: File "beach.png" does not match its declared type "image/png"')
  // A shell script dressed as a text file.
  await input.setInputFiles({ name: 'itinerary.txt', mimeType: 'text/plain', buffer: Buffer.from('#!/bin/sh\nrm -rf ~\n') })
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'itinerary.txt' })).toContainText(
    'File "itinerary.txt" contains dangerous executable signature',
  )
  // Nothing went to the storage server and nothing was recorded.
  expect(uploads).toEqual([])
  expect(await select('task_attachments', `task_id=eq.${taskId}`)).toEqual([])
  await expect(p.getByText('No attachments yet')).toBeVisible()

  // A real PNG with the same name goes through.
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 80 } })
  await input.setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByText('Attachment uploaded')).toBeVisible()
  await expect.poll(async () => (await select<{ filename: string }>('task_attachments', `task_id=eq.${taskId}`)).map((r) => r.filename)).toEqual(['beach.png'])
  expect(uploads).toHaveLength(1)

  // The server says the same of the mislabelled bytes sent past the app.
  const res = await fetch(`${serverUrl()}/storage/v1/object/task-attachments/${userId}/${taskId}/forged.png`, {
    method: 'POST',
    headers: { apikey: process.env.DAYBASE_ANON_KEY ?? '', Authorization: `Bearer ${accessToken}`, 'Content-Type': 'image/png' },
    body: pdfBytes,
  })
  expect(res.status).toBeGreaterThanOrEqual(400)
  expect(((await res.json()) as { message?: string }).message).toBe('File "forged.png" does not match its declared type "image/png"')
})
