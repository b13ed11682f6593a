import { describe, expect, it } from 'vitest'
import { firstOccurrence, parse, type ParseOptions, type ParseResult, parseParts } from './parse'

// Thursday 26 November 2026, 18:00 UTC.
const NOW = new Date('2026-11-26T18:00:00Z')
const UTC: ParseOptions = { now: NOW, timeZone: 'UTC' }

type Case = [input: string, expected: Partial<ParseResult>]

function check(cases: readonly Case[], opts: ParseOptions = UTC) {
  it.each(cases)('%s', (input, expected) => {
    const got = parse(input, opts)
    expect(got).toMatchObject(expected)
  })
}

describe('priority', () => {
  check([
    ['Call mum p1', { title: 'Call mum', priority: 1 }],
    ['p2 Call mum', { title: 'Call mum', priority: 2 }],
    ['Call P3 mum', { title: 'Call mum', priority: 3 }],
    ['Call mum p4', { title: 'Call mum', priority: 4 }],
    ['Call mum p5', { title: 'Call mum p5', priority: null }],
    ['Call mum p0', { title: 'Call mum p0', priority: null }],
    ['Upgrade to mp3 player', { title: 'Upgrade to mp3 player', priority: null }],
    ['p1x is a name', { title: 'p1x is a name', priority: null }],
    ['Fix it !!!!', { title: 'Fix it', priority: 1 }],
    ['Fix it !!!', { title: 'Fix it', priority: 2 }],
    ['Fix it !!', { title: 'Fix it', priority: 3 }],
    ['Fix it !', { title: 'Fix it', priority: 4 }],
    ['Fix it !!!!!', { title: 'Fix it !!!!!', priority: null }],
    ['Hello!!!', { title: 'Hello!!!', priority: null }],
    ['!!! Fix it', { title: 'Fix it', priority: 2 }],
    ['Urgent: renew passport', { priority: 1 }],
    ['Renew passport urgent', { title: 'Renew passport', priority: 1 }],
    ['Renew passport high priority', { title: 'Renew passport', priority: 2 }],
    ['Renew passport Medium Priority', { title: 'Renew passport', priority: 3 }],
    ['Renew passport low priority', { title: 'Renew passport', priority: 4 }],
    ['Renew passport priority high', { title: 'Renew passport', priority: 2 }],
    ['Urgently needed', { title: 'Urgently needed', priority: null }],
    ['Do it p1 and p3', { title: 'Do it and p3', priority: 1 }],
    ['No priority here', { priority: null, title: 'No priority here' }],
  ])
})

describe('project', () => {
  check([
    ['Write report ^Work', { title: 'Write report', project: 'Work' }],
    ['^Work Write report', { title: 'Write report', project: 'Work' }],
    ['Write report ^"Big Launch"', { title: 'Write report', project: 'Big Launch' }],
    ['Write report in Marketing project', { title: 'Write report', project: 'Marketing' }],
    ['Write report in the Big Launch project', { title: 'Write report', project: 'Big Launch' }],
    ['Write report IN home PROJECT', { title: 'Write report', project: 'home' }],
    ['2^10 is 1024', { title: '2^10 is 1024', project: null }],
    ['Write ^ report', { title: 'Write ^ report', project: null }],
    ['Buy milk', { project: null }],
    ['Plan ^Home and ^Work', { title: 'Plan and ^Work', project: 'Home' }],
  ])
})

describe('labels', () => {
  check([
    ['Buy milk @errands', { title: 'Buy milk', labels: ['errands'] }],
    ['Buy milk #shopping', { title: 'Buy milk', labels: ['shopping'] }],
    ['@home Buy milk #shopping', { title: 'Buy milk', labels: ['home', 'shopping'] }],
    ['Buy milk tagged as errands', { title: 'Buy milk', labels: ['errands'] }],
    ['Mail bob@example.com', { title: 'Mail bob@example.com', labels: [] }],
    ['Read https://example.com/#top', { title: 'Read https://example.com/#top', labels: [] }],
    ['Learn C# today', { title: 'Learn C#', labels: [] }],
    ['Fix bug #1', { title: 'Fix bug #1', labels: [] }],
    ['Fix bug #12b', { title: 'Fix bug #12b', labels: [] }],
    ['Tag @work, then go', { title: 'Tag, then go', labels: ['work'] }],
    ['Same @work @Work', { title: 'Same', labels: ['work'] }],
    ['Label with dash @deep-work', { labels: ['deep-work'] }],
    ['Ping @@x', { labels: [], title: 'Ping @@x' }],
    ['Unicode #café', { labels: ['café'], title: 'Unicode' }],
    ['@foo.com is text', { labels: [], title: '@foo.com is text' }],
    ['(#idea) later', { labels: ['idea'] }],
    ['No labels', { labels: [] }],
  ])
})

describe('times', () => {
  check([
    ['Call at 2pm', { title: 'Call', dueTime: '14:00', dueDate: '2026-11-26' }],
    ['Call 2 pm', { title: 'Call', dueTime: '14:00' }],
    ['Call 2PM', { title: 'Call', dueTime: '14:00' }],
    ['Call at 9:15pm', { title: 'Call', dueTime: '21:15' }],
    ['Call 9:15 p.m.', { title: 'Call', dueTime: '21:15' }],
    ['Call at 7am', { dueTime: '07:00' }],
    ['Call at 12am', { dueTime: '00:00' }],
    ['Call at 12pm', { dueTime: '12:00' }],
    ['Call at 14:30', { title: 'Call', dueTime: '14:30' }],
    ['Call 14:30', { title: 'Call', dueTime: '14:30' }],
    ['Call 0:05', { dueTime: '00:05' }],
    ['Call 23:59', { dueTime: '23:59' }],
    ['Call 24:00', { title: 'Call 24:00', dueTime: null, dueDate: null }],
    ['Call 25:00', { title: 'Call 25:00', dueTime: null }],
    ['Call 12:60', { title: 'Call 12:60', dueTime: null }],
    ['Call 13pm', { title: 'Call 13pm', dueTime: null }],
    ['Call 0am', { title: 'Call 0am', dueTime: null }],
    ['Lunch at noon', { title: 'Lunch', dueTime: '12:00' }],
    ['Deploy at midnight', { title: 'Deploy', dueTime: '00:00' }],
    ['Buy 3 apples', { title: 'Buy 3 apples', dueTime: null, dueDate: null }],
    ['Meet at 5', { title: 'Meet at 5', dueTime: null }],
    ['Chapter 1:30 of the book', { dueTime: '01:30' }],
    ['Version 1.2.3', { title: 'Version 1.2.3', dueTime: null }],
    ['I am here', { title: 'I am here', dueTime: null }],
  ])
})

describe('dates', () => {
  // Thursday 2026-11-26
  check([
    ['Pay rent today', { title: 'Pay rent', dueDate: '2026-11-26' }],
    ['Pay rent Today', { dueDate: '2026-11-26' }],
    ['Pay rent tomorrow', { title: 'Pay rent', dueDate: '2026-11-27' }],
    ['Pay rent day after tomorrow', { title: 'Pay rent', dueDate: '2026-11-28' }],
    ['Pay rent thursday', { title: 'Pay rent', dueDate: '2026-11-26' }],
    ['Pay rent friday', { title: 'Pay rent', dueDate: '2026-11-27' }],
    ['Pay rent on friday', { title: 'Pay rent', dueDate: '2026-11-27' }],
    ['Pay rent this friday', { title: 'Pay rent', dueDate: '2026-11-27' }],
    ['Pay rent wednesday', { dueDate: '2026-12-02' }],
    ['Pay rent monday', { dueDate: '2026-11-30' }],
    ['Pay rent sunday', { dueDate: '2026-11-29' }],
    ['Pay rent saturday', { dueDate: '2026-11-28' }],
    ['Pay rent Fri', { dueDate: '2026-11-27' }],
    ['Pay rent next friday', { title: 'Pay rent', dueDate: '2026-12-04' }],
    ['Pay rent next monday', { dueDate: '2026-11-30' }],
    ['Pay rent next sunday', { dueDate: '2026-12-06' }],
    ['Pay rent next thursday', { dueDate: '2026-12-03' }],
    ['Relax weekend', { title: 'Relax', dueDate: '2026-11-28' }],
    ['Relax this weekend', { title: 'Relax', dueDate: '2026-11-28' }],
    ['Plan next week', { title: 'Plan', dueDate: '2026-11-30' }],
    ['Plan next month', { title: 'Plan', dueDate: '2026-12-01' }],
    ['Plan next year', { title: 'Plan', dueDate: '2027-01-01' }],
    ['Invoice end of month', { title: 'Invoice', dueDate: '2026-11-30' }],
    ['Invoice end of the month', { dueDate: '2026-11-30' }],
    ['Renew in 3 days', { title: 'Renew', dueDate: '2026-11-29' }],
    ['Renew in 1 day', { dueDate: '2026-11-27' }],
    ['Renew in 2 weeks', { dueDate: '2026-12-10' }],
    ['Renew in a week', { dueDate: '2026-12-03' }],
    ['Renew in 3 months', { dueDate: '2027-02-26' }],
    ['Renew in 1 year', { dueDate: '2027-11-26' }],
    ['Renew in two days', { dueDate: '2026-11-28' }],
    ['Party Dec 3', { title: 'Party', dueDate: '2026-12-03' }],
    ['Party December 3rd', { title: 'Party', dueDate: '2026-12-03' }],
    ['Party 3 Dec', { title: 'Party', dueDate: '2026-12-03' }],
    ['Party 3rd of December', { title: 'Party', dueDate: '2026-12-03' }],
    ['Party on Dec 3', { title: 'Party', dueDate: '2026-12-03' }],
    ['Party Jan 5', { dueDate: '2027-01-05' }],
    ['Party Nov 26', { dueDate: '2026-11-26' }],
    ['Party Nov 25', { dueDate: '2027-11-25' }],
    ['Party Jan 5 2028', { title: 'Party', dueDate: '2028-01-05' }],
    ['Party January 5, 2028', { title: 'Party', dueDate: '2028-01-05' }],
    ['Party Feb 29', { dueDate: '2028-02-29' }],
    ['Party Feb 30', { title: 'Party Feb 30', dueDate: null }],
    ['Party Feb 29 2027', { dueDate: null }],
    ['Party 12/3', { title: 'Party', dueDate: '2026-12-03' }],
    ['Party 1/5', { dueDate: '2027-01-05' }],
    ['Party 25/12', { title: 'Party', dueDate: '2026-12-25' }],
    ['Party 12/25/2027', { dueDate: '2027-12-25' }],
    ['Party 3/4/27', { dueDate: '2027-03-04' }],
    ['Party 13/13', { title: 'Party 13/13', dueDate: null }],
    ['Party 2/30', { title: 'Party 2/30', dueDate: null }],
    ['Party 2026-12-24', { title: 'Party', dueDate: '2026-12-24' }],
    ['Party 2026-02-30', { title: 'Party 2026-02-30', dueDate: null }],
    ['Read chapter 3/4/5/6', { dueDate: null }],
    ['March forward', { title: 'March forward', dueDate: null }],
    ['I may go', { title: 'I may go', dueDate: null }],
    ['Sunday roast', { dueDate: '2026-11-29', title: 'roast' }],
    ['Sat down', { dueDate: null, title: 'Sat down' }],
    ['Yesterdays news', { dueDate: null }],
    ['Todays plan', { dueDate: null, title: 'Todays plan' }],
    ['Tomorrowland tickets', { dueDate: null }],
  ])
})

describe('time with a date', () => {
  check([
    ['Call Sam tomorrow at 2pm', { title: 'Call Sam', dueDate: '2026-11-27', dueTime: '14:00' }],
    ['2pm tomorrow call Sam', { title: 'call Sam', dueDate: '2026-11-27', dueTime: '14:00' }],
    ['Standup next monday 9:30am', { title: 'Standup', dueDate: '2026-11-30', dueTime: '09:30' }],
    ['Dinner friday at 19:00', { title: 'Dinner', dueDate: '2026-11-27', dueTime: '19:00' }],
    ['Call at 2pm', { dueDate: '2026-11-26' }],
  ])
  it('takes a time without a date to defaultDateForTime', () => {
    expect(parse('Call at 2pm', { ...UTC, defaultDateForTime: 'today' }).dueDate).toBe('2026-11-26')
    expect(parse('Call at 2pm', { ...UTC, defaultDateForTime: 'tomorrow' }).dueDate).toBe('2026-11-27')
    expect(parse('Call at 2pm', { ...UTC, defaultDateForTime: 'next_workday' }).dueDate).toBe('2026-11-27')
    // Friday: the next workday is Monday.
    const friday = { ...UTC, now: new Date('2026-11-27T10:00:00Z'), defaultDateForTime: 'next_workday' as const }
    expect(parse('Call at 2pm', friday).dueDate).toBe('2026-11-30')
    expect(parse('Call', friday).dueDate).toBeNull()
  })
})

describe('recurrence', () => {
  check([
    ['Water plants every day', { title: 'Water plants', recurrence: { type: 'daily', interval: 1 } }],
    ['Water plants every week', { recurrence: { type: 'weekly', interval: 1 } }],
    ['Pay bills every month', { title: 'Pay bills', recurrence: { type: 'monthly', interval: 1 } }],
    ['Birthday every year', { recurrence: { type: 'yearly', interval: 1 } }],
    ['Water every 3 days', { title: 'Water', recurrence: { type: 'daily', interval: 3 } }],
    ['Water every 2 weeks', { recurrence: { type: 'weekly', interval: 2 } }],
    ['Water every 6 months', { recurrence: { type: 'monthly', interval: 6 } }],
    ['Water every 2 years', { recurrence: { type: 'yearly', interval: 2 } }],
    ['Water every 1 day', { recurrence: { type: 'daily', interval: 1 } }],
    ['Water every 30 days', { recurrence: { type: 'daily', interval: 30 } }],
    ['Water every 31 days', { title: 'Water every 31 days', recurrence: null }],
    ['Water every 0 days', { title: 'Water every 0 days', recurrence: null }],
    ['Standup daily', { title: 'Standup', recurrence: { type: 'daily', interval: 1 } }],
    ['Review weekly', { title: 'Review', recurrence: { type: 'weekly', interval: 1 } }],
    ['Report monthly', { recurrence: { type: 'monthly', interval: 1 } }],
    ['Taxes yearly', { recurrence: { type: 'yearly', interval: 1 } }],
    ['Taxes annually', { recurrence: { type: 'yearly', interval: 1 } }],
    ['Gym every weekday', { title: 'Gym', recurrence: { type: 'weekly', interval: 1, daysOfWeek: [1, 2, 3, 4, 5] } }],
    ['Gym every monday', { title: 'Gym', recurrence: { type: 'weekly', interval: 1, daysOfWeek: [1] }, dueDate: null }],
    ['Gym every monday and wednesday', { title: 'Gym', recurrence: { type: 'weekly', interval: 1, daysOfWeek: [1, 3] } }],
    ['Gym every mon, wed and fri', { title: 'Gym', recurrence: { type: 'weekly', interval: 1, daysOfWeek: [1, 3, 5] } }],
    ['Gym every sunday and saturday', { recurrence: { type: 'weekly', interval: 1, daysOfWeek: [0, 6] } }],
    ['Gym every other week', { title: 'Gym', recurrence: { type: 'weekly', interval: 2 } }],
    ['Gym every other day', { recurrence: { type: 'daily', interval: 2 } }],
    ['Gym every other friday', { recurrence: { type: 'weekly', interval: 2, daysOfWeek: [5] } }],
    ['Club every 3rd friday', { title: 'Club', recurrence: { type: 'monthly', interval: 1, daysOfWeek: [5], weekOfMonth: 3 } }],
    ['Club every first monday', { recurrence: { type: 'monthly', interval: 1, daysOfWeek: [1], weekOfMonth: 1 } }],
    ['Club every last friday', { recurrence: { type: 'monthly', interval: 1, daysOfWeek: [5], weekOfMonth: -1 } }],
    ['Club every 6th friday', { recurrence: null }],
    ['Gym every day starting next monday', { title: 'Gym', recurrence: { type: 'daily', interval: 1 }, dueDate: '2026-11-30' }],
    ['Gym every day until Dec 24', { title: 'Gym', recurrence: { type: 'daily', interval: 1, endDate: '2026-12-24' }, dueDate: null }],
    [
      'Gym every week starting tomorrow until 2027-03-01',
      { title: 'Gym', recurrence: { type: 'weekly', interval: 1, endDate: '2027-03-01' }, dueDate: '2026-11-27' },
    ],
    ['Standup every weekday at 9am', { title: 'Standup', dueTime: '09:00', recurrence: { type: 'weekly', interval: 1, daysOfWeek: [1, 2, 3, 4, 5] } }],
    ['Every day', { title: '', recurrence: { type: 'daily', interval: 1 } }],
    ['Everyday things', { recurrence: null, title: 'Everyday things' }],
    ['Wait until tomorrow', { recurrence: null, title: 'Wait until', dueDate: '2026-11-27' }],
    ['Starting point', { recurrence: null, title: 'Starting point' }],
  ])
})

describe('everything at once', () => {
  check([
    [
      'Call Sam tomorrow at 2pm p1 #work',
      { title: 'Call Sam', dueDate: '2026-11-27', dueTime: '14:00', priority: 1, labels: ['work'], project: null, recurrence: null },
    ],
    [
      'Submit report ^Work @review next friday 5pm !!',
      { title: 'Submit report', project: 'Work', labels: ['review'], dueDate: '2026-12-04', dueTime: '17:00', priority: 3 },
    ],
    [
      'Team sync every monday at 10:00 in Office project tagged as meetings high priority',
      {
        title: 'Team sync',
        project: 'Office',
        labels: ['meetings'],
        dueTime: '10:00',
        priority: 2,
        recurrence: { type: 'weekly', interval: 1, daysOfWeek: [1] },
      },
    ],
    ['   Lots   of    space   ', { title: 'Lots of space' }],
    ['', { title: '', labels: [], dueDate: null, dueTime: null, priority: null, project: null, recurrence: null }],
    ['Plain title', { title: 'Plain title', labels: [], dueDate: null, dueTime: null, priority: null, project: null, recurrence: null }],
  ])
})

describe('time zones', () => {
  // 03:00 UTC on Friday the 27th is still Thursday evening in New York.
  const late = new Date('2026-11-27T03:00:00Z')
  it.each([
    ['America/New_York', 'today', '2026-11-26'],
    ['America/New_York', 'tomorrow', '2026-11-27'],
    ['America/Los_Angeles', 'friday', '2026-11-27'],
    ['Asia/Tokyo', 'today', '2026-11-27'],
    ['Asia/Tokyo', 'friday', '2026-11-27'],
    ['Asia/Tokyo', 'tomorrow', '2026-11-28'],
    ['Pacific/Kiritimati', 'today', '2026-11-27'],
    ['Pacific/Pago_Pago', 'today', '2026-11-26'],
    ['Asia/Kolkata', 'next week', '2026-11-30'],
    ['UTC', 'today', '2026-11-27'],
  ])('%s: %s', (timeZone, text, day) => {
    expect(parse(`Do ${text}`, { now: late, timeZone }).dueDate).toBe(day)
  })

  it('keeps the wall-clock time across the autumn DST change', () => {
    // Saturday 31 Oct 2026, New York; clocks go back on Sunday 1 November.
    const opts = { now: new Date('2026-10-31T16:00:00Z'), timeZone: 'America/New_York' }
    expect(parse('Run tomorrow at 9am', opts)).toMatchObject({ dueDate: '2026-11-01', dueTime: '09:00' })
    expect(parse('Run in 1 week', opts).dueDate).toBe('2026-11-07')
    expect(parse('Run at 1:30am tomorrow', opts)).toMatchObject({ dueDate: '2026-11-01', dueTime: '01:30' })
  })

  it('keeps the wall-clock time across the spring DST change', () => {
    // Saturday 28 March 2026 in Berlin; clocks go forward on Sunday the 29th.
    const opts = { now: new Date('2026-03-28T22:30:00Z'), timeZone: 'Europe/Berlin' }
    // 23:30 in Berlin: still Saturday.
    expect(parse('Call today', opts).dueDate).toBe('2026-03-28')
    expect(parse('Call tomorrow 2:30am', opts)).toMatchObject({ dueDate: '2026-03-29', dueTime: '02:30' })
    expect(parse('Call next week', opts).dueDate).toBe('2026-03-30')
  })

  it('clamps month arithmetic to the end of the month', () => {
    const jan31 = { now: new Date('2027-01-31T12:00:00Z'), timeZone: 'UTC' }
    expect(parse('x in 1 month', jan31).dueDate).toBe('2027-02-28')
    expect(parse('x in 13 months', jan31).dueDate).toBe('2028-02-29')
    expect(parse('x end of month', jan31).dueDate).toBe('2027-01-31')
    expect(parse('x next month', jan31).dueDate).toBe('2027-02-01')
  })

  it('reads weekend on a weekend day as that weekend', () => {
    expect(parse('x weekend', { now: new Date('2026-11-28T12:00:00Z'), timeZone: 'UTC' }).dueDate).toBe('2026-11-28')
    expect(parse('x weekend', { now: new Date('2026-11-29T12:00:00Z'), timeZone: 'UTC' }).dueDate).toBe('2026-11-29')
  })
})

describe('parts and literal spans', () => {
  it('reports what it took, in order', () => {
    const r = parseParts('Call Sam tomorrow at 2pm p1', UTC)
    expect(r.parts.map((p) => [p.kind, p.text])).toEqual([
      ['date', 'tomorrow'],
      ['time', 'at 2pm'],
      ['priority', 'p1'],
    ])
  })
  it('keeps a literal span as text', () => {
    const input = 'Read Friday Night Lights friday'
    const first = parseParts(input, UTC)
    expect(first.dueDate).toBe('2026-11-27')
    expect(first.title).toBe('Read Night Lights friday')
    const date = first.parts.find((p) => p.kind === 'date')!
    const again = parseParts(input, UTC, [date])
    expect(again.title).toBe('Read Friday Night Lights')
    expect(again.dueDate).toBe('2026-11-27')
  })
})

describe('firstOccurrence', () => {
  it.each([
    [{ type: 'daily' as const, interval: 1 }, '2026-11-26'],
    [{ type: 'weekly' as const, interval: 1, daysOfWeek: [1, 3] }, '2026-11-30'],
    [{ type: 'weekly' as const, interval: 1, daysOfWeek: [4] }, '2026-11-26'],
    [{ type: 'monthly' as const, interval: 1, daysOfWeek: [5], weekOfMonth: 3 }, '2026-12-18'],
    [{ type: 'monthly' as const, interval: 1, daysOfWeek: [5], weekOfMonth: -1 }, '2026-11-27'],
  ])('%j', (r, day) => {
    expect(firstOccurrence(r, '2026-11-26')).toBe(day)
  })
})

// ---------------------------------------------------------------------------
// Fuzz: random mixes of tokens and noise.

const TOKENS = [
  'p1', 'p4', '!!!', '!', 'urgent', 'high priority', '^Work', '^"Big Launch"', 'in Home project', '@home', '#x', 'tagged as y',
  'at 2pm', '9:15pm', '14:30', 'noon', 'midnight', '25:00', 'today', 'tomorrow', 'day after tomorrow', 'friday', 'next friday',
  'weekend', 'next week', 'next month', 'end of month', 'in 3 days', 'in 2 months', 'Dec 3', '3rd of March', '12/3', '25/12', '2/30',
  'every day', 'every 3 weeks', 'every 31 days', 'daily', 'every weekday', 'every monday and wednesday', 'every other week',
  'every 3rd friday', 'starting tomorrow', 'until Dec 24', 'C#', '#1', 'a@b.com', 'https://x.io/#a', '3', '^', '@', '#', '!!!!!',
  'café', 'Ω', '"', '(', ')', ',', '  ', 'Call', 'mum', 'and', 'at', 'in', 'every', 'next', 'the', '\u2063',
]

function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

function randomInput(next: () => number): string {
  const n = Math.floor(next() * 8)
  const words: string[] = []
  for (let i = 0; i < n; i++) {
    if (next() < 0.1) words.push(String.fromCharCode(32 + Math.floor(next() * 400)))
    else words.push(TOKENS[Math.floor(next() * TOKENS.length)] ?? '')
  }
  return words.join(next() < 0.8 ? ' ' : '')
}

describe('fuzz', () => {
  it('never throws, is deterministic, and never keeps a token it parsed in the title', () => {
    const next = rng(19)
    const zones = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Europe/Berlin']
    for (let i = 0; i < 3000; i++) {
      const input = randomInput(next)
      const opts = { now: new Date(Date.UTC(2026, Math.floor(next() * 12), 1 + Math.floor(next() * 28), Math.floor(next() * 24))), timeZone: zones[i % zones.length] ?? 'UTC' }
      const a = parseParts(input, opts)
      const b = parseParts(input, opts)
      expect(b).toEqual(a)
      expect(a.title).toBe(a.title.trim())
      expect(a.title).not.toMatch(/\s{2}/)
      // Each part's text is gone from where it was: the title is the input
      // minus the parts, so re-parsing the title finds no part of the same kind
      // that the input had a span for at the same text.
      for (const p of a.parts) expect(input.slice(p.start, p.end)).toBe(p.text)
      const spans = a.parts.map((p) => [p.start, p.end] as const)
      for (const [s, e] of spans) for (const [s2, e2] of spans) if (s !== s2) expect(e <= s2 || e2 <= s).toBe(true)
      if (a.priority !== null) expect(a.priority).toBeGreaterThanOrEqual(1)
      if (a.dueDate !== null) expect(a.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      if (a.dueTime !== null) expect(a.dueTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/)
      if (a.recurrence) expect(a.recurrence.interval).toBeGreaterThanOrEqual(1)
      if (a.recurrence) expect(a.recurrence.interval).toBeLessThanOrEqual(30)
      // The title keeps fewer copies of each parsed token than the input had
      // (a second 'p3' after 'p1' stays text; the 'p1' never does).
      const count = (hay: string, needle: string) => hay.split(needle).length - 1
      for (const p of a.parts) {
        const token = p.text.trim()
        if (token) expect(count(a.title, token), `${JSON.stringify(token)} in ${JSON.stringify(a.title)}`).toBeLessThan(count(input, token))
      }
    }
  })
})

describe('every! (issue 26): repeat from completion', () => {
  it.each([
    ['Water plants every! 3 days', 'Water plants', { type: 'daily', interval: 3, from: 'completion' }],
    ['Haircut every! month', 'Haircut', { type: 'monthly', interval: 1, from: 'completion' }],
    ['Gym every! monday', 'Gym', { type: 'weekly', interval: 1, daysOfWeek: [1], from: 'completion' }],
    ['Gym every monday', 'Gym', { type: 'weekly', interval: 1, daysOfWeek: [1] }],
  ])('%s', (input, title, recurrence) => {
    const r = parse(input, UTC)
    expect(r.title).toBe(title)
    expect(r.recurrence).toEqual(recurrence)
  })
})
