// Quick-add parser latency (issue 19: parse p99 < 1 ms on 10,000 mixed inputs).
//
//   node bench/quickadd/parse-p99.mjs            (from the repository root; needs web/node_modules)
//
// Bundles web/src/features/tasks/quick-add/parse.ts with the rolldown that
// Vite ships, then times every parse() call of 10,000 mixed inputs
// (process.hrtime.bigint around each call), over several rounds after a
// warm-up. It prints two p99s:
//   - per call: every timed call of every round (includes the machine's
//     preemption and GC pauses: what one user might see);
//   - per input: each input's fastest round (the parser's own cost, with
//     the shared machine's scheduling noise taken out).
import { loadavg } from 'node:os'
import { loadWebModule } from '../lib/load-web-module.mjs'

const { parse } = await loadWebModule('src/features/tasks/quick-add/parse.ts')

// The realistic corpus: what people type into a quick-add box, in every
// group the parser knows, plus plain titles, with noise words and numbers
// so no two inputs are the same string.
const PHRASES = [
  'Call Sam tomorrow at 2pm p1 #work',
  'Submit report ^Work @review next friday 5pm !!',
  'Team sync every monday at 10:00 in Office project tagged as meetings high priority',
  'Buy milk',
  'Water plants every 3 days starting next week until Dec 24',
  'Party 25/12 at noon @family',
  'Read C# book, mail bob@example.com about #1',
  'Invoice end of month urgent',
  'Gym every mon, wed and fri at 7am',
  'Renew passport in 3 months low priority ^"Life Admin"',
  'Dentist on March 3rd at 9:15am',
  'Pay rent every month on the 1st p2',
  'Standup every weekday at 9:30 ^Team',
  'Review PR https://example.com/pr/42 today !!!',
  'Plan trip this weekend @travel #planning',
  'Take out the trash every other week',
  'Board meeting every 3rd friday at noon',
  'Birthday gift for Mum day after tomorrow',
  'Book flights in 2 weeks medium priority',
  'Clean the garage',
  'Finish chapter 4 by 6/30',
  'Renew domain yearly starting Jan 5',
  'Call the bank at midnight',
  'Fix bug 1234 p3 @dev #backend',
  'Write the quarterly report next month',
]
const NOISE = ['quickly', 'the', 'draft', 'and', 'with Alex', 'v2', 'before lunch', '(maybe)', '', 'ASAP']
const inputs = []
for (let i = 0; i < 10_000; i++) {
  const base = PHRASES[i % PHRASES.length]
  inputs.push(`${NOISE[i % NOISE.length]} ${base} ${NOISE[(i * 7) % NOISE.length]} ${i}`.trim())
}
const opts = { now: new Date('2026-11-26T18:00:00Z'), timeZone: 'America/New_York' }

const ROUNDS = Number(process.env.ROUNDS ?? 5)
for (const input of inputs) parse(input, opts) // warm-up: JIT and chrono-free caches
const all = []
const best = new Float64Array(inputs.length).fill(Infinity)
for (let r = 0; r < ROUNDS; r++) {
  for (let i = 0; i < inputs.length; i++) {
    const t0 = process.hrtime.bigint()
    parse(inputs[i], opts)
    const ms = Number(process.hrtime.bigint() - t0) / 1e6
    all.push(ms)
    if (ms < best[i]) best[i] = ms
  }
}
const pct = (xs, p) => {
  const s = Float64Array.from(xs).sort()
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}
const f = (ms) => `${ms.toFixed(3)} ms`
const mean = all.reduce((a, b) => a + b, 0) / all.length
console.log(`quick-add parse: ${inputs.length} inputs × ${ROUNDS} rounds, node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
console.log(`per call:  mean ${f(mean)}  p50 ${f(pct(all, 50))}  p75 ${f(pct(all, 75))}  p99 ${f(pct(all, 99))}  p99.9 ${f(pct(all, 99.9))}  max ${f(pct(all, 100))}`)
console.log(`per input (best of ${ROUNDS}):  p50 ${f(pct(best, 50))}  p99 ${f(pct(best, 99))}  max ${f(pct(best, 100))}`)
const slow = [...best.keys()].sort((a, b) => best[b] - best[a]).slice(0, 3)
console.log('slowest inputs:', slow.map((i) => `${f(best[i])} ${JSON.stringify(inputs[i])}`).join('; '))
