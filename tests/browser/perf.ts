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

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tid: number; args?: { data?: { type?: string } } }

export type KeystrokeCosts = {
  /** From each keydown to the end of the next frame's paint on the main thread (ms): includes the wait for the frame. */
  toPaint: number[]
  /** Main-thread time spent between one keydown and the next (ms): the work the key caused, the wait excluded. */
  mainThread: number[]
}

/**
 * Traces the renderer while type() presses keys (spaced so that each key's
 * work ends before the next) and answers each key's cost.
 */
export async function traceKeystrokes(page: Page, type: () => Promise<void>): Promise<KeystrokeCosts> {
  const cdp = await page.context().newCDPSession(page)
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])))
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'toplevel'] }, transferMode: 'ReportEvents' })
  await type()
  await page.waitForTimeout(100)
  await cdp.send('Tracing.end')
  await complete
  await cdp.detach()

  const keys = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts)
  const main = keys[0]?.tid
  const onMain = events.filter((e) => e.tid === main && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts)
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
  const paints = onMain.filter((e) => e.name === 'Paint' || e.name === 'Commit')
  const out: KeystrokeCosts = { toPaint: [], mainThread: [] }
  // A task belongs to the key whose window its start falls in; the window
  // opens a little before the keydown (its dispatching task starts first).
  const lead = 2_000
  keys.forEach((key, i) => {
    const from = key.ts - lead
    const to = (keys[i + 1]?.ts ?? Number.POSITIVE_INFINITY) - lead
    out.mainThread.push(tasks.filter((t) => t.ts >= from && t.ts < to).reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000)
    const paint = paints.find((p) => p.ts > key.ts && p.ts < to)
    if (paint) out.toPaint.push((paint.ts + (paint.dur ?? 0) - key.ts) / 1000)
  })
  return out
}
