import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert } from '../db'
import { expect, signedIn } from '../tasks-helpers'
import { cpuProfile, selfTimeByFunction } from '../perf'

// Figures of the app, not of the test's recorder: Playwright's trace
// snapshots the DOM and watches every mutation (several times a key's own
// cost in a long note), so the figure specs run without it.
test.use({ trace: 'off' })

// Figure of issue 26 (docs/benchmarks.md, "Calendar"): a calendar month
// holding 1,000 tasks renders in < 100 ms. The data is in the cache (the
// calendar reads the one task list); what is timed is the click on "Next
// month" until the frame after the grid holds that month, beside the same
// step into an empty month. Written to artifacts/calendar-bench.json;
// reported, never asserted.

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts')
const RUNS = 7

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

/** A step's window: wall-clock ms since the epoch when the click was made and when its frame was done. */
type Step = { ms: number; from: number; to: number }

/** ms from clicking "Next month" to the frame after the grid shows `marker`'s month. */
async function stepInto(page: Page, firstDay: string): Promise<Step> {
  return page.evaluate(async (first) => {
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Next month"]')
    if (!button) throw new Error('no Next month button')
    const t0 = performance.now()
    button.click()
    const shown = () => {
      const grid = document.querySelector('[data-testid="calendar-grid"]')
      return !!grid?.querySelector(`section[aria-label="${first}"]:not(.bg-muted\\/40)`)
    }
    while (!shown()) await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
    const t1 = performance.now()
    return { ms: t1 - t0, from: performance.timeOrigin + t0, to: performance.timeOrigin + t1 }
  }, firstDay)
}

/**
 * CALENDAR_PROFILE=1: CPU profiles (100 µs sampling) of `rounds` more steps,
 * each profile started after the page is ready and stopped after the step's
 * frame, and the main thread's self time by function summed over them:
 * where the figure goes. Build the app with `vite build --minify false` to
 * read the names.
 */
async function profileSteps(page: Page, rounds: number, ready: () => Promise<void>, step: () => Promise<Step>) {
  const total = new Map<string, number>()
  let windowMs = 0
  for (let i = 0; i < rounds; i++) {
    await ready()
    const run = await cpuProfile(page, async () => {
      windowMs += (await step()).ms
    })
    for (const [k, v] of Object.entries(selfTimeByFunction(run, undefined, 400))) total.set(k, (total.get(k) ?? 0) + v)
  }
  const sorted = [...total.entries()].sort((a, b) => b[1] - a[1])
  const sum = (keep: (name: string) => boolean) => Math.round(sorted.reduce((s, [k, v]) => (keep(k) ? s + v : s), 0))
  const idle = (k: string) => k.startsWith('(idle)')
  return {
    steps: rounds,
    windowMs: Math.round(windowMs),
    // Busy = every sample but idle; "(program)" is the browser's own work (style, layout, paint).
    busyMs: sum((k) => !idle(k)),
    scriptMs: sum((k) => !idle(k) && !k.startsWith('(program)') && !k.startsWith('(garbage collector)')),
    selfMsByFunction: Object.fromEntries(sorted.slice(0, 50).map(([k, v]) => [k, Math.round(v * 10) / 10])),
  }
}

test('a month of 1,000 tasks renders', async ({ page, account }) => {
  test.setTimeout(300_000)
  const userId = await signedIn(page, account)
  // 1,000 tasks are over the Free plan's 500.
  await insert('user_subscriptions', { user_id: userId, status: 'active', plan_id: 'pro_monthly' })
  const now = new Date()
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  const nextMonth = next.toISOString().slice(0, 7)
  const afterNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 7)
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const d = `${nextMonth}-${String((i % 28) + 1).padStart(2, '0')}`
    return i % 4 === 0
      ? { user_id: userId, title: `Timed ${i}`, due_date: d, due_time: `${d}T${String(8 + (i % 10)).padStart(2, '0')}:00:00Z`, priority: i % 5 }
      : { user_id: userId, title: `Task ${i}`, due_date: d, priority: i % 5 }
  })
  for (let i = 0; i < rows.length; i += 250) await insert('tasks', rows.slice(i, i + 250))

  const label = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`))
  const full: number[] = []
  const empty: number[] = []
  for (let run = 0; run < RUNS; run++) {
    // This month → next (1,000 tasks) → the one after (empty), side by side.
    await page.goto('/app/calendar')
    await expect(page.getByRole('region', { name: 'Unscheduled' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Unscheduled' }).getByLabel('0 unscheduled tasks')).toBeVisible()
    full.push((await stepInto(page, label(`${nextMonth}-01`))).ms)
    await expect(page.getByRole('region', { name: label(`${nextMonth}-15`), exact: true }).getByRole('button', { name: /more$/ })).toBeVisible()
    empty.push((await stepInto(page, label(`${afterNext}-01`))).ms)
  }
  const profile = process.env.CALENDAR_PROFILE
    ? await profileSteps(
        page,
        6,
        async () => {
          await page.goto('/app/calendar')
          await expect(page.getByRole('region', { name: 'Unscheduled' }).getByLabel('0 unscheduled tasks')).toBeVisible()
        },
        () => stepInto(page, label(`${nextMonth}-01`)),
      )
    : undefined
  const figures = {
    tasks: 1000,
    runs: RUNS,
    month_with_1000_tasks_ms: { median: median(full), all: full.map((x) => Math.round(x)) },
    empty_month_ms: { median: median(empty), all: empty.map((x) => Math.round(x)) },
    loadavg: loadavg().map((x) => x.toFixed(2)).join(' '),
    profile,
  }
  writeFileSync(path.join(artifacts, 'calendar-bench.json'), JSON.stringify(figures, null, 2))
  console.log(JSON.stringify(figures))
})

/** ms from clicking "Next week" to the frame after the grid shows the column of firstDay. */
async function stepWeek(page: Page, firstDay: string): Promise<Step> {
  return page.evaluate(async (first) => {
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Next week"]')
    if (!button) throw new Error('no Next week button')
    const t0 = performance.now()
    button.click()
    const shown = () => !!document.querySelector(`[data-testid="calendar-time-grid"] section[aria-label="${first}"]`)
    while (!shown()) await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
    const t1 = performance.now()
    return { ms: t1 - t0, from: performance.timeOrigin + t0, to: performance.timeOrigin + t1 }
  }, firstDay)
}

// The same figure for the week view: a week holding 250 of the 1,000 tasks
// (62 of them timed, overlapping in the grid) beside an empty week.
test('a week of the 1,000 tasks renders', async ({ page, account }) => {
  test.setTimeout(300_000)
  const userId = await signedIn(page, account)
  await insert('user_subscriptions', { user_id: userId, status: 'active', plan_id: 'pro_monthly' })
  // Two Sundays far enough ahead to be clear of today: week A holds 1,000 tasks, A + 7 is empty.
  const now = new Date()
  const a = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 14, 12))
  a.setUTCDate(a.getUTCDate() - a.getUTCDay())
  const day = (offset: number) => new Date(a.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
  const rows = Array.from({ length: 1000 }, (_, i) => {
    // 250 in week A, the rest over the four weeks after the empty one.
    const d = i < 250 ? day(i % 7) : day(14 + (i % 28))
    return i % 4 === 0
      ? { user_id: userId, title: `Timed ${i}`, due_date: d, due_time: `${d}T${String(8 + (i % 10)).padStart(2, '0')}:00:00Z`, priority: i % 5, duration_minutes: 30 + (i % 4) * 15 }
      : { user_id: userId, title: `Task ${i}`, due_date: d, priority: i % 5 }
  })
  for (let i = 0; i < rows.length; i += 250) await insert('tasks', rows.slice(i, i + 250))
  const label = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`))
  const full: number[] = []
  const empty: number[] = []
  for (let run = 0; run < RUNS; run++) {
    // The week before A → A (250 tasks) → A + 7 (empty), side by side.
    await page.goto(`/app/calendar?view=week&date=${day(-7)}`)
    await expect(page.getByRole('region', { name: 'Unscheduled' }).getByLabel('0 unscheduled tasks')).toBeVisible()
    full.push((await stepWeek(page, label(day(0)))).ms)
    await expect(page.getByRole('region', { name: label(day(1)), exact: true }).getByRole('button', { name: /^Timed / }).first()).toBeVisible()
    empty.push((await stepWeek(page, label(day(7)))).ms)
  }
  const profile = process.env.CALENDAR_PROFILE
    ? await profileSteps(
        page,
        6,
        async () => {
          await page.goto(`/app/calendar?view=week&date=${day(-7)}`)
          await expect(page.getByRole('region', { name: 'Unscheduled' }).getByLabel('0 unscheduled tasks')).toBeVisible()
        },
        () => stepWeek(page, label(day(0))),
      )
    : undefined
  const figures = {
    tasks: 1000,
    in_the_week: 250,
    runs: RUNS,
    week_with_250_of_1000_tasks_ms: { median: median(full), all: full.map((x) => Math.round(x)) },
    empty_week_ms: { median: median(empty), all: empty.map((x) => Math.round(x)) },
    loadavg: loadavg().map((x) => x.toFixed(2)).join(' '),
    profile,
  }
  writeFileSync(path.join(artifacts, 'calendar-week-bench.json'), JSON.stringify(figures, null, 2))
  console.log(JSON.stringify(figures))
})
