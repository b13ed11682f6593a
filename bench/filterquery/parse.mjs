// Filter-language cost (issue 26): parse + flatten (compileQuery) per query.
//
//   node bench/filterquery/parse.mjs            (from the repository root; needs web/node_modules)
//
// Bundles web/src/features/tasks/filter-query/query.ts with the rolldown
// that Vite ships, then times compileQuery() on 10,000 queries built from
// the examples (process.hrtime.bigint around each call) and prints
// p50/p99 per call next to the load average.
import { loadavg } from 'node:os'
import { loadWebModule } from '../lib/load-web-module.mjs'

const { compileQuery } = await loadWebModule('src/features/tasks/filter-query/query.ts')

const projects = Array.from({ length: 50 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Project${i}` }))
const QUERIES = [
  'today & p1',
  'overdue | #Project3',
  '@waiting & !#Project7',
  'due before: next week',
  '(p1 | p2 | p3)',
  '!(p1 | p2) & search: report',
  'created after: 3 days ago & !completed',
  'no date & #Inbox',
  'today & (p1 | #Project1)',
  'tody & p1',
]
const inputs = Array.from({ length: 10_000 }, (_, i) => QUERIES[i % QUERIES.length])
for (const q of inputs.slice(0, 2000)) compileQuery(q, { projects })
const times = []
for (const q of inputs) {
  const t0 = process.hrtime.bigint()
  compileQuery(q, { projects })
  times.push(Number(process.hrtime.bigint() - t0) / 1e6)
}
times.sort((a, b) => a - b)
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(4)
console.log(`compileQuery: ${times.length} queries, p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${times[times.length - 1].toFixed(3)} ms (load ${loadavg().map((n) => n.toFixed(2)).join(' ')})`)
