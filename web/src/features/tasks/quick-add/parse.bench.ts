import { bench, describe } from 'vitest'
import { parse } from './parse'

// 10,000 mixed inputs (issue 19: parse p99 < 1 ms). Run:
//   cd web && npx vitest bench --run src/features/tasks/quick-add
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
]
const NOISE = ['quickly', 'the', 'draft', 'and', 'with Alex', 'v2', 'before lunch', '(maybe)']
const inputs: string[] = []
for (let i = 0; i < 10_000; i++) {
  const base = PHRASES[i % PHRASES.length] ?? ''
  inputs.push(`${NOISE[i % NOISE.length]} ${base} ${NOISE[(i * 7) % NOISE.length]} ${i}`)
}
const opts = { now: new Date('2026-11-26T18:00:00Z'), timeZone: 'America/New_York' }

let at = 0
describe('quick-add parse', () => {
  bench('one input of 10,000 mixed', () => {
    parse(inputs[at++ % inputs.length] ?? '', opts)
  }, { time: 5000, warmupTime: 1000 })
})
