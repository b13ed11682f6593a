import type { Page } from '@playwright/test'

// Figures of the performance specs (never asserted: the machine is shared).
// What a keystroke costs is read from a Chrome trace (the renderer's own
// timeline, not timers inside the page), so that the wait for the display's
// next refresh — up to 16.7 ms at 60 Hz whatever the page does — can be told
// apart from the work the page and the browser do for the key.

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

export type Summary = { n: number; p50: number; p95: number; max: number }

export function summary(samples: readonly number[]): Summary {
  const s = [...samples].sort((a, b) => a - b)
  const r = (n: number) => Math.round(n * 10) / 10
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), max: r(s[s.length - 1] ?? Number.NaN) }
}

export type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; args?: { data?: { type?: string } } }

export type KeystrokeCosts = {
  /** From each keydown to the end of the next frame's paint on the main thread (ms): includes the wait for the frame. */
  toPaint: number[]
  /** Main-thread time spent between one keydown and the next (ms): the work the key caused, the wait excluded. */
  mainThread: number[]
  /** The same tasks' CPU time on the main thread (ms): what a loaded machine's waits for a core do not inflate. */
  mainThreadCpu: number[]
  /** The main thread's time by trace event (ms over all keys; nested events overlap their parents): what the work was. */
  byEvent: Record<string, number>
}

/**
 * Traces the renderer while type() presses keys (spaced so that each key's
 * work ends before the next) and answers each key's cost.
 */
export async function traceKeystrokes(page: Page, type: () => Promise<void>): Promise<KeystrokeCosts> {
  const { events } = await traceEvents(page, async () => {
    await type()
    await page.waitForTimeout(100)
  })

  const keys = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts)
  const main = keys[0]?.tid
  const onMain = events.filter((e) => e.tid === main && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts)
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
  const paints = onMain.filter((e) => e.name === 'Paint' || e.name === 'Commit')
  const out: KeystrokeCosts = { toPaint: [], mainThread: [], mainThreadCpu: [], byEvent: {} }
  for (const e of onMain) out.byEvent[e.name] = (out.byEvent[e.name] ?? 0) + (e.dur ?? 0) / 1000
  out.byEvent = Object.fromEntries(
    Object.entries(out.byEvent)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => [k, Math.round(v)]),
  )
  // A task belongs to the key whose window its start falls in; the window
  // opens a little before the keydown (its dispatching task starts first).
  const lead = 2_000
  keys.forEach((key, i) => {
    const from = key.ts - lead
    const to = (keys[i + 1]?.ts ?? Number.POSITIVE_INFINITY) - lead
    const mine = tasks.filter((t) => t.ts >= from && t.ts < to)
    out.mainThread.push(mine.reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000)
    out.mainThreadCpu.push(mine.reduce((sum, t) => sum + (t.tdur ?? 0), 0) / 1000)
    const paint = paints.find((p) => p.ts > key.ts && p.ts < to)
    if (paint) out.toPaint.push((paint.ts + (paint.dur ?? 0) - key.ts) / 1000)
  })
  return out
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }
export type CpuProfile = { nodes: unknown[]; startTime: number; samples?: number[]; timeDeltas?: number[] }

/**
 * A CPU profile (CDP Profiler, 100 µs sampling) of the page while run() goes
 * on, and the wall clock (ms since the epoch) at which it started. Build the
 * app with `vite build --minify false` to read the names.
 */
export async function cpuProfile(page: Page, run: () => Promise<void>): Promise<{ profile: CpuProfile; startWall: number }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  const startWall = Date.now()
  await run()
  const { profile } = await cdp.send('Profiler.stop')
  await cdp.detach()
  return { profile, startWall }
}

/**
 * A profile's self time by function (ms, the top `top`): where the main
 * thread's time went; with a window (wall-clock ms since the epoch), only
 * the samples inside it.
 */
export function selfTimeByFunction(
  { profile, startWall }: { profile: CpuProfile; startWall: number },
  window?: { from: number; to: number },
  top = 40,
): Record<string, number> {
  const nodes = new Map((profile.nodes as ProfileNode[]).map((n) => [n.id, n]))
  const self = new Map<string, number>()
  const deltas = profile.timeDeltas ?? []
  let t = profile.startTime
  ;(profile.samples ?? []).forEach((id, i) => {
    t += deltas[i] ?? 0
    const wall = startWall + (t - profile.startTime) / 1000
    if (window && (wall < window.from || wall > window.to)) return
    const f = nodes.get(id)?.callFrame
    if (!f) return
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
  })
  const sorted = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
  return Object.fromEntries(sorted.map(([k, v]) => [k, Math.round(v * 10) / 10]))
}

/** The trace events of the renderer while run() goes on (devtools.timeline, toplevel and user timing). */
export async function traceEvents<T>(page: Page, run: () => Promise<T>, extraCategories: string[] = []): Promise<{ result: T; events: TraceEvent[] }> {
  const cdp = await page.context().newCDPSession(page)
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])))
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'toplevel', 'blink.user_timing', ...extraCategories] },
    transferMode: 'ReportEvents',
  })
  const result = await run()
  await cdp.send('Tracing.end')
  await complete
  await cdp.detach()
  return { result, events }
}

export type WindowCost = {
  /** Main-thread tasks' wall time inside the window (ms). */
  mainThread: number
  /** The same tasks' CPU time (ms): what waiting for a core does not inflate. */
  mainThreadCpu: number
  /** The main thread's CPU time by trace event inside the window (ms; nested events overlap their parents). */
  byEvent: Record<string, number>
}

/**
 * What the main thread did in a window that ends at the user-timing mark
 * `endMark` and began `ms` milliseconds before it (a window the page
 * measured with performance.now(), which shares the trace's clock).
 */
export function windowCost(events: readonly TraceEvent[], endMark: string, ms: number): WindowCost | undefined {
  const mark = events.find((e) => e.name === endMark && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b'))
  if (!mark) return undefined
  const to = mark.ts
  const from = to - ms * 1000
  const onMain = events.filter((e) => e.tid === mark.tid && e.ph === 'X' && e.dur !== undefined && e.ts < to && e.ts + (e.dur ?? 0) > from)
  const share = (e: TraceEvent) => {
    const dur = e.dur ?? 0
    return dur === 0 ? 0 : (Math.min(to, e.ts + dur) - Math.max(from, e.ts)) / dur
  }
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
  const byEvent: Record<string, number> = {}
  for (const e of onMain) byEvent[e.name] = (byEvent[e.name] ?? 0) + ((e.tdur ?? e.dur ?? 0) * share(e)) / 1000
  const r = (n: number) => Math.round(n * 10) / 10
  return {
    mainThread: r(tasks.reduce((s, t) => s + (t.dur ?? 0) * share(t), 0) / 1000),
    mainThreadCpu: r(tasks.reduce((s, t) => s + (t.tdur ?? 0) * share(t), 0) / 1000),
    byEvent: Object.fromEntries(
      Object.entries(byEvent)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([k, v]) => [k, r(v)]),
    ),
  }
}
