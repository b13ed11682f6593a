import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from '../fixtures'
import { insert } from '../db'
import { summary } from '../perf'
import { expect, makePro, signedIn } from '../tasks-helpers'

// Figures of the app, not of the test's recorder: Playwright's trace
// snapshots the DOM and watches every mutation (several times a key's own
// cost in a long note), so the figure specs run without it.
test.use({ trace: 'off' })

// Issue 19's figures "palette open < 50 ms" and "search results < 150 ms
// with 10,000 tasks + notes", measured in Chromium and written to
// artifacts/palette-bench.json; reported (docs/benchmarks.md), not asserted.
// Open: from the Ctrl+K keydown to the first frame with the palette's input
// focused. Search: from the last typed character to the first frame showing
// both the Tasks and the Notes results for the term (each term is new, so
// the 30 s cache never answers).

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts')
const PER_KIND = 5_000
const ROUNDS = 15

function instrument() {
  const w = window as unknown as { __t0: number }
  w.__t0 = 0
  addEventListener('keydown', (e) => e.key === 'k' && (e.ctrlKey || e.metaKey) && (w.__t0 = performance.now()), true)
  addEventListener('input', () => (w.__t0 = performance.now()), true)
}

/** Resolves with the time from __t0 to the first frame where done() holds. */
function frameUntil({ kind, term }: { kind: 'open' | 'search'; term: string }): Promise<number> {
  const w = window as unknown as { __t0: number }
  const groupHas = (heading: string) =>
    [...document.querySelectorAll('[cmdk-group]')].some(
      (g) => g.querySelector('[cmdk-group-heading]')?.textContent === heading && g.querySelector('[cmdk-item]')?.textContent?.includes(term),
    )
  const done = () =>
    kind === 'open' ? document.activeElement?.hasAttribute('cmdk-input') === true : groupHas('Tasks') && groupHas('Notes')
  return new Promise((resolve) => {
    const tick = () => (done() ? resolve(performance.now() - w.__t0) : requestAnimationFrame(tick))
    requestAnimationFrame(tick)
  })
}

test('palette: open and search with 10,000 tasks and notes', async ({ page, account }) => {
  test.setTimeout(600_000)
  await page.addInitScript(instrument)
  const userId = await signedIn(page, account)
  await makePro(userId)
  for (let from = 0; from < PER_KIND; from += 500) {
    const idx = Array.from({ length: 500 }, (_, i) => from + i)
    await insert('tasks', idx.map((i) => ({ user_id: userId, title: `Bench task ${i} kw${i % 500}q`, notes: 'Some words about the work' })))
    await insert('notes', idx.map((i) => ({ user_id: userId, title: `Bench note ${i} kw${i % 500}q`, content: 'A paragraph of note text. '.repeat(8) })))
  }
  await page.goto('/app')
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible()

  const open: number[] = []
  const search: number[] = []
  let cold = 0
  for (let round = 0; round < ROUNDS; round++) {
    const opened = page.evaluate(frameUntil, { kind: 'open' as const, term: '' })
    // Until the prerendered shell has hydrated a shortcut goes nowhere (a
    // loaded CI machine pressed too early and waited out the test): press
    // again until the palette has focus; frameUntil times from the last press.
    await expect(async () => {
      await page.keyboard.press('Control+k')
      await expect(page.locator('[cmdk-input]')).toBeFocused({ timeout: 2_000 })
    }).toPass({ timeout: 60_000 })
    const ms = await opened
    if (round === 0) cold = ms
    else open.push(ms)
    const term = `kw${100 + round * 7}q`
    const answered = page.evaluate(frameUntil, { kind: 'search' as const, term })
    await page.keyboard.type(term)
    search.push(await answered)
    await page.keyboard.press('Escape')
    await expect(page.locator('[cmdk-input]')).toHaveCount(0)
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  const result = { rows: { tasks: PER_KIND, notes: PER_KIND }, coldOpenMs: Math.round(cold), open: summary(open), search: summary(search), load }
  writeFileSync(path.join(artifacts, 'palette-bench.json'), `${JSON.stringify(result, null, 2)}\n`)
  console.log(`palette bench: ${JSON.stringify(result)}`)
  expect(search).toHaveLength(ROUNDS)
})
