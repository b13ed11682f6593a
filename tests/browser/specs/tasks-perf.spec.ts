import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { test } from '../fixtures'
import { insert } from '../db'
import { cpuProfile, selfTimeByFunction } from '../perf'
import { expect, makePro, openButton, signedIn } from '../tasks-helpers'

// Figures of the app, not of the test's recorder: Playwright's trace
// snapshots the DOM and watches every mutation (several times a key's own
// cost in a long note), so the figure specs run without it.
test.use({ trace: 'off' })

// The figures of issue 18 (docs/benchmarks.md), measured in Chromium and
// written to artifacts/tasks-perf.json; they are reported, not asserted.
//   - a project of 2,000 tasks: first rows on screen after the data arrived;
//     long tasks while scrolling it;
//   - create, complete, star: visible before the server answers (the
//     server's answers are held back 400 ms to show it), and how soon.

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts')
const N = 2000

/** Installed before the app: when the task list's data arrived and when its first rows were painted. */
function watchFirstRows(timeline: boolean) {
  const w = window as unknown as { __perf: Perf }
  let done = () => {}
  w.__perf = { longTasks: [], ready: new Promise<void>((resolve) => (done = resolve)) }
  if (timeline) {
    // TASKS_LOG=1: each load's requests (start-end), the heading's first
    // appearance, long tasks and the app's performance marks, printed in order.
    const log: string[] = (w.__perf.log = [])
    const seen = new MutationObserver(() => {
      if (!document.querySelector('main h1')) return
      seen.disconnect()
      log.push(`${performance.now().toFixed(0)} heading`)
    })
    seen.observe(document, { childList: true, subtree: true })
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceResourceTiming[])
        if (/\/(rest|auth)\/v1\//.test(e.name)) log.push(`${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)} ${e.name.replace(/^.*\/(rest|auth)\/v1\//, '').slice(0, 70)}`)
    }).observe({ type: 'resource', buffered: true })
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) log.push(`${e.startTime.toFixed(0)}+${e.duration.toFixed(0)} long task`)
    }).observe({ type: 'longtask', buffered: true })
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      // The list's data is all its pages: the last one to arrive before the rows show.
      if (e.name.includes('/rest/v1/user_accessible_tasks_with_project') && w.__perf.rows === undefined) {
        w.__perf.dataEnd = Math.max(w.__perf.dataEnd ?? 0, (e as PerformanceResourceTiming).responseEnd)
      }
    }
  }).observe({ type: 'resource', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__perf.longTasks.push(e.duration)
  }).observe({ type: 'longtask', buffered: true })
  new MutationObserver((_, observer) => {
    if (w.__perf.rows !== undefined || !document.querySelector('[data-task-row]')) return
    observer.disconnect()
    requestAnimationFrame(() =>
      setTimeout(() => {
        w.__perf.rows = performance.now()
        done()
      }, 0),
    )
  }).observe(document, { childList: true, subtree: true })
}

/** TASKS_LOG's lines of the load on show, with the app's performance marks, by time. */
const timeline = (page: Page) =>
  page.evaluate(() =>
    [...((window as unknown as { __perf: Perf }).__perf.log ?? []), ...performance.getEntriesByType('mark').map((m) => `${m.startTime.toFixed(0)} [${m.name}]`)].sort(
      (a, b) => Number.parseFloat(a) - Number.parseFloat(b),
    ),
  )

type Perf = { dataEnd?: number; rows?: number; longTasks: number[]; ready?: Promise<void>; log?: string[] }
const perf = (page: Page) =>
  page.evaluate(() => {
    const { dataEnd, rows, longTasks } = (window as unknown as { __perf: Perf }).__perf
    return { dataEnd, rows, longTasks }
  })

/**
 * ms from a user event (a click, or Enter) on an element inside trigger to
 * the moment an element matching shown is in the document.
 */
async function reaction(page: Page, trigger: string, event: 'click' | 'keydown', shown: string): Promise<number> {
  return page.evaluate(
    ([sel, ev, want]) =>
      new Promise<number>((resolve) => {
        let start = 0
        const onEvent = (e: Event) => {
          if (ev === 'keydown' && (e as KeyboardEvent).key !== 'Enter') return
          if ((e.target as Element).closest(sel)) start = e.timeStamp
        }
        document.addEventListener(ev, onEvent, { capture: true })
        const obs = new MutationObserver(() => {
          if (!start || !document.querySelector(want)) return
          obs.disconnect()
          document.removeEventListener(ev, onEvent, { capture: true })
          resolve(performance.now() - start)
        })
        obs.observe(document, { childList: true, subtree: true, attributes: true })
      }),
    [trigger, event, shown] as const,
  )
}

/**
 * TASKS_PROFILE=1: a CPU profile of one more cold load of the project, and
 * the main thread's self time between the data's arrival and the first rows
 * by function: where the figure goes. The whole profile is kept as
 * artifacts/tasks-first-rows.cpuprofile (open it in DevTools).
 */
async function profileFirstRows(page: Page, url: string) {
  const run = await cpuProfile(page, async () => {
    await page.goto(url)
    await page.evaluate(() => (window as unknown as { __perf: Perf }).__perf.ready)
  })
  writeFileSync(path.join(artifacts, 'tasks-first-rows.cpuprofile'), JSON.stringify(run.profile))
  const w = await page.evaluate(() => {
    const p = (window as unknown as { __perf: Perf }).__perf
    return { origin: performance.timeOrigin, dataEnd: p.dataEnd ?? 0, rows: p.rows ?? 0 }
  })
  const from = w.origin + w.dataEnd
  const to = w.origin + w.rows
  return { windowMs: Math.round(to - from), selfMsByFunction: selfTimeByFunction(run, { from, to }) }
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; id?: string; args?: { name?: string; data?: TraceData } }
type ProfileNode = { id: number; parent?: number; callFrame: { functionName?: string; url?: string; lineNumber?: number } }
type TraceData = { documentLoaderURL?: string; startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }

/**
 * TASKS_TRACE_CPU's samples of the main thread between from and to (trace
 * µs): JavaScript's self time by function (ms; "(program)" is the browser's
 * own work, "(garbage collector)" V8's). Build with `vite build --minify
 * false` to read the names.
 */
function jsSelfTime(events: TraceEvent[], main: { pid: number; tid: number }, from: number, to: number): Record<string, number> {
  const ids = new Set(events.filter((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid).map((e) => e.id))
  const nodes = new Map<number, ProfileNode>()
  const samples: [number, number][] = []
  let t = 0
  for (const e of events.filter((x) => (x.name === 'Profile' || x.name === 'ProfileChunk') && ids.has(x.id)).sort((a, b) => a.ts - b.ts)) {
    const data = e.args?.data
    if (e.name === 'Profile') t = data?.startTime ?? 0
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n)
    ;(data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      t += data?.timeDeltas?.[i] ?? 0
      samples.push([t, node])
    })
  }
  samples.sort((a, b) => a[0] - b[0])
  const self = new Map<string, number>()
  samples.forEach(([ts, node], i) => {
    const next = samples[i + 1]?.[0]
    const f = nodes.get(node)?.callFrame
    if (next === undefined || !f || ts < from || ts > to) return
    const key = `${f.functionName || '(anonymous)'} ${f.url?.split('/').pop() ?? ''}:${(f.lineNumber ?? 0) + 1}`
    self.set(key, (self.get(key) ?? 0) + (next - ts) / 1000)
  })
  return Object.fromEntries([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => [k, Math.round(v * 10) / 10]))
}

/**
 * TASKS_TRACE=1: a Chromium performance trace of one more cold load of the
 * project, and the page's main thread between the data's arrival and the
 * first rows by kind of work (scripts, style, layout, paint, GC…): where a
 * CPU profile says "(program)", the trace names it. Each event's own time
 * (its duration less its traced children's) is counted, clipped to the
 * window. The trace is kept as artifacts/tasks-first-rows.trace.json.
 */
async function traceFirstRows(page: Page, url: string, file = 'tasks-first-rows.trace.json') {
  const browser = page.context().browser()
  if (!browser) return null
  // TASKS_TRACE_V8=1 adds V8's compile events (CompileCode, ParseFunction…): the window's lazy compilation by name.
  // TASKS_TRACE_CPU=1 adds V8's sampling profiler to the trace: JavaScript by function on the trace's own clock.
  const v8 = [
    ...(process.env.TASKS_TRACE_V8 ? ['v8', 'disabled-by-default-v8.compile'] : []),
    ...(process.env.TASKS_TRACE_CPU ? ['disabled-by-default-v8.cpu_profiler'] : []),
  ]
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', ...v8] })
  await page.goto(url)
  await page.evaluate(() => (window as unknown as { __perf: Perf }).__perf.ready)
  const buffer = await browser.stopTracing()
  writeFileSync(path.join(artifacts, file), buffer)
  const w = await page.evaluate(() => {
    const p = (window as unknown as { __perf: Perf }).__perf
    return { dataEnd: p.dataEnd ?? 0, rows: p.rows ?? 0 }
  })
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents
  // The page's main thread, and its time origin (navigationStart of this load).
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((n) => n.name === 'navigationStart' && n.pid === e.pid && n.tid === e.tid))
  if (!main) return null
  // This load's own navigationStart: the frame's later ones (about:blank, with no URL) are not it.
  const nav = events.filter((e) => e.name === 'navigationStart' && e.pid === main.pid && e.tid === main.tid && e.args?.data?.documentLoaderURL).at(-1)
  if (!nav) return null
  const from = nav.ts + w.dataEnd * 1000
  const to = nav.ts + w.rows * 1000
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const self = new Map<string, number>()
  const stack: { e: TraceEvent; end: number }[] = []
  const clip = (a: number, b: number) => Math.max(0, Math.min(b, to) - Math.max(a, from))
  // Self time: each event's clipped span less its children's clipped spans.
  const add = (name: string, us: number) => self.set(name, (self.get(name) ?? 0) + us)
  for (const e of spans) {
    const end = e.ts + (e.dur ?? 0)
    while (stack.length && (stack.at(-1)?.end ?? 0) <= e.ts) stack.pop()
    const parent = stack.at(-1)
    if (parent) add(parent.e.name, -clip(e.ts, end))
    add(e.name, clip(e.ts, end))
    stack.push({ e, end })
  }
  const busy = [...self.values()].reduce((n, v) => n + v, 0)
  // The thread's CPU time in the window (each task's tdur, in the share of
  // it the window holds): what a loaded machine's waits for a core do not inflate.
  const cpu = spans
    .filter((e) => e.name === 'RunTask' && e.dur)
    .reduce((n, e) => n + ((e.tdur ?? 0) * clip(e.ts, e.ts + (e.dur ?? 0))) / (e.dur ?? 1), 0)
  const top = [...self.entries()].filter(([, v]) => v >= 500).sort((a, b) => b[1] - a[1])
  return {
    dataEndMs: Math.round(w.dataEnd),
    rowsMs: Math.round(w.rows),
    windowMs: Math.round((to - from) / 1000),
    busyMs: Math.round(busy / 1000),
    cpuMs: Math.round(cpu / 1000),
    selfMsByEvent: Object.fromEntries(top.map(([k, v]) => [k, Math.round(v / 100) / 10])),
    ...(process.env.TASKS_TRACE_CPU ? { jsSelfMsByFunction: jsSelfTime(events, main, from, to) } : {}),
  }
}

test('figures: a 2,000-task project, scrolling, optimistic create, complete and star', async ({ page, account }) => {
  // Seeding 2,000 tasks, cold loads of them and the scrolling take minutes on a shared machine.
  test.setTimeout(600_000)
  const userId = await signedIn(page, account)
  await makePro(userId)
  const [project] = await insert<{ id: string }>('projects', { user_id: userId, name: 'Big project' })
  for (let i = 0; i < N; i += 500) {
    await insert(
      'tasks',
      Array.from({ length: 500 }, (_, k) => ({
        user_id: userId,
        project_id: project?.id,
        title: `Task ${String(i + k + 1).padStart(4, '0')} of the big project`,
        priority: (i + k) % 5,
        tags: (i + k) % 3 ? 'work, review' : null,
        due_date: (i + k) % 4 ? null : '2030-01-01',
      })),
    )
  }
  await page.addInitScript(watchFirstRows, !!process.env.TASKS_LOG)
  const figures: Record<string, unknown> = {}

  // First screen after the data: four cold loads of the project (scripts cached by a first one).
  const renders: number[] = []
  // And the same loads' first rows counted from the navigation: what a user waits in all.
  const sinceNavigation: number[] = []
  // TASKS_TRACE_LOOP=1 traces these loads themselves (the first cold one
  // included; each reports its CPU time like TASKS_TRACE), and
  // TASKS_PROFILE_RUN=n takes a CPU profile of load n (0 = the uncounted one).
  const loopTraces: unknown[] = []
  for (let run = 0; run < 5; run++) {
    if (process.env.TASKS_PROFILE_RUN === String(run)) loopTraces.push(await profileFirstRows(page, `/app/tasks/project/${project?.id}`))
    else if (process.env.TASKS_TRACE_LOOP) loopTraces.push(await traceFirstRows(page, `/app/tasks/project/${project?.id}`, `tasks-first-rows-run${run}.trace.json`))
    else await page.goto(`/app/tasks/project/${project?.id}`)
    // Waited for inside the page: Playwright's polling of the accessibility
    // tree would compete with the render it measures.
    await page.evaluate(() => (window as unknown as { __perf: Perf }).__perf.ready)
    await expect(openButton(page, 'Task 0001 of the big project')).toBeVisible({ timeout: 60_000 })
    const p = await perf(page)
    if (process.env.TASKS_LOG) console.log(`load ${run}: data ${p.dataEnd?.toFixed(0)}, rows ${p.rows?.toFixed(0)}\n  ${(await timeline(page)).join('\n  ')}`)
    if (run > 0 && p.dataEnd !== undefined && p.rows !== undefined) renders.push(Math.round(p.rows - p.dataEnd))
    if (run > 0 && p.rows !== undefined) sinceNavigation.push(Math.round(p.rows))
  }
  figures.firstRowsAfterDataMs = renders
  figures.firstRowsSinceNavigationMs = sinceNavigation
  if (loopTraces.length) figures.loopTraces = loopTraces
  if (process.env.TASKS_PROFILE) figures.profile = await profileFirstRows(page, `/app/tasks/project/${project?.id}`)
  // TASKS_TRACE=n: n traced cold loads (1 for any other value).
  if (process.env.TASKS_TRACE) {
    figures.trace = []
    for (let i = 0; i < (Number(process.env.TASKS_TRACE) || 1); i++) (figures.trace as unknown[]).push(await traceFirstRows(page, `/app/tasks/project/${project?.id}`, i ? `tasks-first-rows-${i + 1}.trace.json` : undefined))
  }
  if (process.env.TASKS_FIRST_ROWS_ONLY) {
    // Profiling the first rows only: the scrolling and writing figures are skipped.
    console.log(JSON.stringify(figures, null, 2))
    return
  }

  // Long tasks while scrolling the 2,000 rows.
  await page.evaluate(() => ((window as unknown as { __perf: Perf }).__perf.longTasks = []))
  const list = page.getByRole('list', { name: 'Big project tasks' })
  await list.hover()
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 2400)
    await page.waitForTimeout(16)
  }
  for (let i = 0; i < 20; i++) {
    await page.mouse.wheel(0, -4800)
    await page.waitForTimeout(16)
  }
  await page.waitForTimeout(500)
  const longTasks = (await perf(page)).longTasks
  figures.scroll = { longTasksOver50ms: longTasks.filter((d) => d > 50).length, longestMs: Math.round(Math.max(0, ...longTasks)), longTasks: longTasks.map(Math.round) }
  figures.rowsInDom = await page.locator('[data-task-row]').count()

  // Optimistic: the server's answers to writes are held back 400 ms.
  await page.route('**/rest/v1/tasks**', async (route) => {
    if (route.request().method() === 'GET') return route.continue()
    await new Promise((r) => setTimeout(r, 400))
    await route.continue()
  })
  await page.goto('/app/tasks?view=inbox')
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible()
  const samples: Record<string, number[]> = { create: [], complete: [], star: [] }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('a')
    const input = page.getByRole('textbox', { name: /New task in/ })
    await input.fill(`Quick ${i}`)
    const created = reaction(page, 'form', 'keydown', `button[aria-label="Star Quick ${i}"]`)
    await input.press('Enter')
    samples.create?.push(Math.round(await created))
    await page.keyboard.press('Escape')
    await expect(openButton(page, `Quick ${i}`)).toBeVisible()
    await page.waitForTimeout(600)

    const starred = reaction(page, `button[aria-label="Star Quick ${i}"]`, 'click', `button[aria-label="Star Quick ${i}"][aria-pressed="true"]`)
    await page.getByRole('button', { name: `Star Quick ${i}`, exact: true }).click()
    samples.star?.push(Math.round(await starred))
    await page.waitForTimeout(600)

    const completed = reaction(page, `button[aria-label="Complete Quick ${i}"]`, 'click', `button[aria-label="Reopen Quick ${i}"]`)
    await page.getByRole('checkbox', { name: `Complete Quick ${i}`, exact: true }).click()
    samples.complete?.push(Math.round(await completed))
    await page.waitForTimeout(1200)
  }
  figures.optimisticMs = samples
  figures.serverHeldBackMs = 400
  writeFileSync(path.join(artifacts, 'tasks-perf.json'), JSON.stringify(figures, null, 2))
  console.log(JSON.stringify(figures, null, 2))
})
