import { gzipSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Page } from '@playwright/test'
import { expect, signUpThroughApi, test } from '../fixtures'

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts')

type Load = { chunks: string[]; bytes: number; gzipBytes: number }

/** Every script the page fetched until the network went quiet, with raw and gzip sizes. */
async function scriptsOf(page: Page, run: () => Promise<void>): Promise<Load> {
  const bodies = new Map<string, Buffer>()
  const onResponse = async (res: import('@playwright/test').Response) => {
    if (res.request().resourceType() !== 'script') return
    // A late chunk (the dashboard's below-the-fold parts) may still be
    // read when the next step navigates away: its name counts, its size is
    // then unknown (0).
    bodies.set(new URL(res.url()).pathname, await res.body().catch(() => Buffer.alloc(0)))
  }
  page.on('response', onResponse)
  await run()
  await page.waitForLoadState('networkidle')
  page.off('response', onResponse)
  const all = [...bodies.values()]
  return {
    chunks: [...bodies.keys()].map((p) => p.replace('/assets/', '')).sort(),
    bytes: all.reduce((n, b) => n + b.length, 0),
    gzipBytes: all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
  }
}

// Records what the sign-in page and the signed-in app load (artifacts/bundle.json);
// sizes are reported, not asserted. What is asserted is the split by route.
test('pages load only their own chunks', async ({ page, account }) => {
  await signUpThroughApi(account)
  const signIn = await scriptsOf(page, async () => {
    await page.goto('/auth')
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
  })
  expect(signIn.chunks.some((c) => c.startsWith('app-layout-'))).toBe(false)
  expect(signIn.chunks.some((c) => c.startsWith('security-'))).toBe(false)

  const app = await scriptsOf(page, async () => {
    const form = page.getByRole('form', { name: 'Sign in' })
    await form.getByLabel('Email').fill(account.email)
    await form.getByLabel('Password').fill(account.password)
    await form.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible()
  })
  expect(app.chunks.some((c) => c.startsWith('app-layout-'))).toBe(true)
  expect(app.chunks.some((c) => c.startsWith('security-'))).toBe(false)

  const fresh = await scriptsOf(page, async () => {
    await page.goto('/app')
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible()
  })
  // /app loads nothing of the task module (it is lazy, issue 18).
  expect(fresh.chunks.some((c) => c.startsWith('tasks-'))).toBe(false)

  // The task screens over the shell (issue 18): what a click on Tasks adds
  // until the list is on screen, and what follows once the page is idle
  // (realtime, the edit pane's code).
  const seen = new Map<string, Buffer>()
  const onResponse = async (res: import('@playwright/test').Response) => {
    if (res.request().resourceType() === 'script') seen.set(new URL(res.url()).pathname, await res.body())
  }
  page.on('response', onResponse)
  // A click without moving the pointer over the rail: its tooltips (the shell's, loaded on hover) stay out.
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Tasks' }).dispatchEvent('click')
  await expect(page.getByRole('heading', { name: 'All', level: 1 })).toBeVisible()
  const rendered = new Map(seen)
  await expect(page.getByRole('navigation', { name: 'Tasks' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(4000)
  page.off('response', onResponse)
  const loadOf = (bodies: Map<string, Buffer>): Load => ({
    chunks: [...bodies.keys()].map((p) => p.replace('/assets/', '')).sort(),
    bytes: [...bodies.values()].reduce((n, b) => n + b.length, 0),
    gzipBytes: [...bodies.values()].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
  })
  const tasksRendered = loadOf(rendered)
  const tasksIdle = loadOf(seen)
  expect(tasksRendered.chunks.some((c) => c.startsWith('tasks-'))).toBe(true)
  writeFileSync(
    path.join(artifacts, 'bundle.json'),
    JSON.stringify({ signInPage: signIn, addedBySignIn: app, appColdLoad: fresh, tasksRouteRendered: tasksRendered, tasksRouteIdle: tasksIdle }, null, 2),
  )
})
