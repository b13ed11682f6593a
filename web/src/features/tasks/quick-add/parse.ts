import { addDays, defaultDateForTime, type IsoDay, todayIn, weekday } from '../utils/dates'

/**
 * The quick-add parser (001 §9, issue 19): free text in, the parts of a task
 * out. Pure: no React, DOM, network or global state; "today" comes from
 * opts.now in opts.timeZone, and every date is a calendar day worked out
 * with calendar arithmetic, so DST changes cannot shift it.
 *
 * The path and the signature of parse() are a contract other tools rely on.
 *
 * How it works: each group of rules (project, labels, recurrence, priority,
 * time, date) scans a masked copy of the input in which what earlier groups
 * took is blanked, so no text is read twice. The title is the input without
 * the taken spans, whitespace collapsed. Spans the caller asks to keep
 * literal (a clicked chip) are masked before any rule runs.
 */

export type RecurrenceType = 'daily' | 'weekly' | 'monthly' | 'yearly'

export type ParsedRecurrence = {
  type: RecurrenceType
  interval: number
  daysOfWeek?: number[]
  weekOfMonth?: number
  endDate?: string
  /** 'completion' for `every!` (Todoist): the next date follows the day the task is completed (0530). */
  from?: 'completion'
}

export type ParseResult = {
  title: string
  labels: string[]
  dueDate: string | null
  dueTime: string | null
  priority: 1 | 2 | 3 | 4 | null
  project: string | null
  recurrence: ParsedRecurrence | null
}

export type ParseOptions = {
  now: Date
  timeZone: string
  defaultDateForTime?: 'today' | 'tomorrow' | 'next_workday'
}

export type PartKind = 'project' | 'label' | 'recurrence' | 'priority' | 'time' | 'date'

/** One recognised piece of the input: input.slice(start, end) is its text. */
export type ParsedPart = { kind: PartKind; start: number; end: number; text: string }

export type Span = { start: number; end: number }

type Ctx = { today: IsoDay }

// ---------------------------------------------------------------------------
// Words

const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  tues: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thu: 4,
  thur: 4,
  thurs: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
}
// 'sat' and 'sun' are left out on purpose: they are everyday words.
const WEEKDAY = '(?:sunday|monday|mon|tuesday|tues|tue|wednesday|wed|thursday|thurs|thur|thu|friday|fri|saturday)'

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
}
const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?'

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, last: -1 }
const ORDINAL = '(?:(\\d)(?:st|nd|rd|th)|first|second|third|fourth|fifth|last)'

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 }

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function lower(s: string | undefined): string {
  return (s ?? '').toLowerCase()
}

// ---------------------------------------------------------------------------
// Calendar days

function splitDay(day: IsoDay): [number, number, number] {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number)
  return [y, m, d]
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}

/** The day, or null when it does not exist (Feb 30, month 13). */
function dayOf(y: number, m: number, d: number): IsoDay | null {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`
}

/** day + n months, the day clamped to the month's end (Jan 31 + 1 month = Feb 28/29). */
function addMonths(day: IsoDay, n: number): IsoDay {
  const [y, m, d] = splitDay(day)
  const index = y * 12 + (m - 1) + n
  const ny = Math.floor(index / 12)
  const nm = (index % 12) + 1
  return dayOf(ny, nm, Math.min(d, daysInMonth(ny, nm))) as IsoDay
}

/** The next day (today included) falling on weekday wd. */
function nextWeekday(today: IsoDay, wd: number): IsoDay {
  return addDays(today, (wd - weekday(today) + 7) % 7)
}

/** Monday of the week after today's (weeks run Monday to Sunday). */
function nextMonday(today: IsoDay): IsoDay {
  const sinceMonday = (weekday(today) + 6) % 7
  return addDays(today, 7 - sinceMonday)
}

/** The next occurrence of month/day (today included), or null when it never exists. */
function nextMonthDay(today: IsoDay, m: number, d: number): IsoDay | null {
  const [y] = splitDay(today)
  for (let year = y; year <= y + 8; year++) {
    const day = dayOf(year, m, d)
    if (day && day >= today) return day
  }
  return null
}

function fullYear(text: string): number {
  const n = Number(text)
  return text.length <= 2 ? 2000 + n : n
}

// ---------------------------------------------------------------------------
// Rules

type Rule<T> = { source: string; resolve: (m: RegExpExecArray, ctx: Ctx) => T | null }

/** Before and after a token: not inside a word, a number, a path or a date like 1/2. */
const BEFORE = '(?<![\\p{L}\\p{N}_/@#^.:-])'
const AFTER = '(?![\\p{L}\\p{N}_/@#^]|[.:-][\\p{L}\\p{N}])'

const DATE_RULES: Rule<IsoDay>[] = [
  { source: 'day\\s+after\\s+tomorrow', resolve: (_m, c) => addDays(c.today, 2) },
  { source: 'today|tonight', resolve: (_m, c) => c.today },
  { source: 'tomorrow|tmrw', resolve: (_m, c) => addDays(c.today, 1) },
  { source: '(?:this\\s+)?weekend', resolve: (_m, c) => (weekday(c.today) === 0 ? c.today : nextWeekday(c.today, 6)) },
  { source: 'next\\s+week', resolve: (_m, c) => nextMonday(c.today) },
  { source: 'next\\s+month', resolve: (_m, c) => addMonths(`${c.today.slice(0, 8)}01`, 1) },
  { source: 'next\\s+year', resolve: (_m, c) => `${pad(splitDay(c.today)[0] + 1, 4)}-01-01` },
  {
    source: 'end\\s+of\\s+(?:the\\s+)?month',
    resolve: (_m, c) => {
      const [y, m] = splitDay(c.today)
      return dayOf(y, m, daysInMonth(y, m))
    },
  },
  {
    source: `next\\s+(${WEEKDAY})`,
    resolve: (m, c) => addDays(nextMonday(c.today), ((WEEKDAYS[lower(m[1])] ?? 1) + 6) % 7),
  },
  { source: `(?:(?:this|on)\\s+)?(${WEEKDAY})`, resolve: (m, c) => nextWeekday(c.today, WEEKDAYS[lower(m[1])] ?? 1) },
  {
    source: 'in\\s+(\\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten)\\s+(days?|weeks?|months?|years?)',
    resolve: (m, c) => {
      const n = NUMBER_WORDS[lower(m[1])] ?? Number(m[1])
      const unit = lower(m[2])
      if (unit.startsWith('day')) return addDays(c.today, n)
      if (unit.startsWith('week')) return addDays(c.today, 7 * n)
      if (unit.startsWith('month')) return addMonths(c.today, n)
      return addMonths(c.today, 12 * n)
    },
  },
  // ISO 2026-12-03
  { source: '(\\d{4})-(\\d{2})-(\\d{2})', resolve: (m) => dayOf(Number(m[1]), Number(m[2]), Number(m[3])) },
  // Dec 3, Dec 3rd, December 3 2027, Dec 3, 2027
  {
    source: `(?:on\\s+)?(${MONTH})\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?`,
    resolve: (m, c) => monthDay(c, MONTHS[lower(m[1]).replace('.', '')] ?? 0, Number(m[2]), m[3]),
  },
  // 3 Dec, 3rd of December 2027
  {
    source: `(?:on\\s+)?(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH})(?:,?\\s+(\\d{4}))?`,
    resolve: (m, c) => monthDay(c, MONTHS[lower(m[2]).replace('.', '')] ?? 0, Number(m[1]), m[3]),
  },
  // 12/3, 12/3/2027, 25/12 (day first only when the first number is over 12)
  {
    source: '(\\d{1,2})/(\\d{1,2})(?:/(\\d{4}|\\d{2}))?',
    resolve: (m, c) => {
      let a = Number(m[1])
      let b = Number(m[2])
      if (a > 12) [a, b] = [b, a]
      return monthDay(c, a, b, m[3])
    },
  },
]

function monthDay(c: Ctx, month: number, day: number, year: string | undefined): IsoDay | null {
  if (year) return dayOf(fullYear(year), month, day)
  if (!dayOf(2024, month, day)) return null // Feb 30, Apr 31: never a day
  return nextMonthDay(c.today, month, day)
}

const TIME_RULES: Rule<string>[] = [
  {
    source: '(?:at\\s+)?(\\d{1,2})(?::(\\d{2}))?\\s*([ap])\\.?m\\.?',
    resolve: (m) => {
      const h = Number(m[1])
      const min = m[2] === undefined ? 0 : Number(m[2])
      if (h < 1 || h > 12 || min > 59) return null
      const h24 = (h % 12) + (lower(m[3]) === 'p' ? 12 : 0)
      return `${pad(h24)}:${pad(min)}`
    },
  },
  {
    source: '(?:at\\s+)?(\\d{1,2}):(\\d{2})',
    resolve: (m) => {
      const h = Number(m[1])
      const min = Number(m[2])
      return h <= 23 && min <= 59 ? `${pad(h)}:${pad(min)}` : null
    },
  },
  { source: '(?:at\\s+)?noon|midday', resolve: () => '12:00' },
  { source: '(?:at\\s+)?midnight', resolve: () => '00:00' },
]

const PRIORITY_RULES: Rule<1 | 2 | 3 | 4>[] = [
  { source: 'p([1-4])', resolve: (m) => Number(m[1]) as 1 | 2 | 3 | 4 },
  { source: 'urgent', resolve: () => 1 },
  { source: '(high|medium|low)\\s+priority', resolve: (m) => ({ high: 2, medium: 3, low: 4 })[lower(m[1]) as 'high'] as 2 | 3 | 4 },
  { source: 'priority\\s+(high|medium|low)', resolve: (m) => ({ high: 2, medium: 3, low: 4 })[lower(m[1]) as 'high'] as 2 | 3 | 4 },
]
// A standalone run of bangs: '!!!!' is 1 … '!' is 4 (001 §9).
const BANG = /(?<=^|\s)(!{1,4})(?=\s|$)/gu

const LABEL_NAME = '(\\p{L}[\\p{L}\\p{N}_-]*)'
// A label ends at whitespace, the end, or closing punctuation not followed by more word.
const LABEL_END = '(?=$|\\s|[,;:!?)](?:\\s|$))'
const LABEL = new RegExp(`(?<=^|[\\s(])[@#]${LABEL_NAME}${LABEL_END}`, 'gu')
const TAGGED_AS = new RegExp(`${BEFORE}tagged\\s+as\\s+${LABEL_NAME}${LABEL_END}`, 'giu')

const PROJECT_WORD = '[\\p{L}\\p{N}][\\p{L}\\p{N}_&-]*'
const PROJECT_QUOTED = /(?<=^|\s)\^"([^"]+)"/gu
const PROJECT_CARET = new RegExp(`(?<=^|\\s)\\^(${PROJECT_WORD})`, 'gu')
const PROJECT_IN = new RegExp(`${BEFORE}in\\s+(?:the\\s+)?(${PROJECT_WORD}(?:\\s+${PROJECT_WORD}){0,2}?)\\s+project${AFTER}`, 'giu')

// ---------------------------------------------------------------------------
// Recurrence

const UNIT_TYPE: Record<string, RecurrenceType> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' }

const RECURRENCE_RULES: Rule<ParsedRecurrence>[] = [
  {
    source: 'every\\s+weekday',
    resolve: () => ({ type: 'weekly', interval: 1, daysOfWeek: [1, 2, 3, 4, 5] }),
  },
  {
    source: 'every\\s+weekend',
    resolve: () => ({ type: 'weekly', interval: 1, daysOfWeek: [0, 6] }),
  },
  {
    source: `every\\s+${ORDINAL}\\s+(${WEEKDAY})`,
    resolve: (m) => {
      const text = lower(m[0])
      const n = m[1] ? Number(m[1]) : (ORDINALS[Object.keys(ORDINALS).find((w) => new RegExp(`\\b${w}\\b`).test(text)) ?? ''] ?? 0)
      if (n === 0 || n > 5) return null
      const wd = WEEKDAYS[lower(m[2])] ?? 0
      return { type: 'monthly', interval: 1, daysOfWeek: [wd], weekOfMonth: n }
    },
  },
  {
    source: `every\\s+(other\\s+)?(${WEEKDAY}(?:(?:\\s*,\\s*|\\s+and\\s+|\\s*,\\s*and\\s+)${WEEKDAY})*)`,
    resolve: (m) => {
      const names = lower(m[2]).split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
      const days = [...new Set(names.map((n) => WEEKDAYS[n.trim()] ?? 0))].sort((a, b) => a - b)
      return { type: 'weekly', interval: m[1] ? 2 : 1, daysOfWeek: days }
    },
  },
  {
    source: 'every\\s+(other\\s+)?(day|week|month|year)',
    resolve: (m) => ({ type: UNIT_TYPE[lower(m[2])] as RecurrenceType, interval: m[1] ? 2 : 1 }),
  },
  {
    source: 'every\\s+(\\d{1,3})\\s+(days?|weeks?|months?|years?)',
    resolve: (m) => {
      const n = Number(m[1])
      if (n < 1 || n > 30) return null
      return { type: UNIT_TYPE[lower(m[2]).replace(/s$/, '')] as RecurrenceType, interval: n }
    },
  },
  { source: 'daily', resolve: () => ({ type: 'daily', interval: 1 }) },
  { source: 'weekly', resolve: () => ({ type: 'weekly', interval: 1 }) },
  { source: 'monthly', resolve: () => ({ type: 'monthly', interval: 1 }) },
  { source: 'yearly|annually', resolve: () => ({ type: 'yearly', interval: 1 }) },
]

// `every!` (Todoist) repeats from the completion date: every rule that
// starts with "every" takes the bang too.
for (const rule of RECURRENCE_RULES) rule.source = rule.source.replace(/^every\\s\+/, 'every!?\\s+')

const RANGE_WORDS = (['starting', 'until'] as const).map((word) => [word, new RegExp(`${BEFORE}${word}\\s+(?:on\\s+|from\\s+)?`, 'giu')] as const)

// ---------------------------------------------------------------------------
// Scanning

type Hit<T> = { start: number; end: number; value: T }

const compiled = new Map<string, RegExp>()
function wordRegex(source: string, sticky = false): RegExp {
  const key = `${sticky ? 'y' : 'g'}${source}`
  let re = compiled.get(key)
  if (!re) {
    re = sticky ? new RegExp(`(?:${source})${AFTER}`, 'iuy') : new RegExp(`${BEFORE}(?:${source})${AFTER}`, 'giu')
    compiled.set(key, re)
  }
  return re
}

/** The leftmost (then longest) match of any rule that resolves, in text. */
function firstHit<T>(text: string, rules: readonly Rule<T>[], ctx: Ctx): Hit<T> | null {
  let best: Hit<T> | null = null
  for (const rule of rules) {
    const re = wordRegex(rule.source)
    re.lastIndex = 0
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (best && m.index > best.start) break
      const value = rule.resolve(m, ctx)
      if (value === null) {
        re.lastIndex = m.index + 1
        continue
      }
      const end = m.index + m[0].length
      if (!best || m.index < best.start || (m.index === best.start && end > best.end)) best = { start: m.index, end, value }
      break
    }
  }
  return best
}

/** A rule's match starting exactly at pos. */
function hitAt<T>(text: string, pos: number, rules: readonly Rule<T>[], ctx: Ctx): Hit<T> | null {
  let best: Hit<T> | null = null
  for (const rule of rules) {
    const re = wordRegex(rule.source, true)
    re.lastIndex = pos
    const m = re.exec(text)
    if (!m) continue
    const value = rule.resolve(m, ctx)
    if (value === null) continue
    const end = pos + m[0].length
    if (!best || end > best.end) best = { start: pos, end, value }
  }
  return best
}

const MASK = '\u2063' // invisible separator: neither a word character nor a space

function mask(text: string, start: number, end: number): string {
  return text.slice(0, start) + MASK.repeat(end - start) + text.slice(end)
}

/**
 * parse() with the spans it took. literal lists spans of the input to keep
 * as text (the quick-add dialog's clicked chips).
 */
export function parseParts(input: string, opts: ParseOptions, literal: readonly Span[] = []): ParseResult & { parts: ParsedPart[] } {
  const ctx: Ctx = { today: todayIn(opts.timeZone, opts.now) }
  let text = input
  for (const s of literal) text = mask(text, Math.max(0, s.start), Math.min(input.length, s.end))
  const parts: ParsedPart[] = []
  const take = (kind: PartKind, start: number, end: number) => {
    parts.push({ kind, start, end, text: input.slice(start, end) })
    text = mask(text, start, end)
  }

  // Project: the first one written.
  let project: string | null = null
  const projectHits: Hit<string>[] = []
  for (const re of [PROJECT_QUOTED, PROJECT_CARET, PROJECT_IN]) {
    re.lastIndex = 0
    const m = re.exec(text)
    if (m && m[1]?.trim()) projectHits.push({ start: m.index, end: m.index + m[0].length, value: m[1].trim().replace(/\s+/g, ' ') })
  }
  projectHits.sort((a, b) => a.start - b.start)
  if (projectHits[0]) {
    project = projectHits[0].value
    take('project', projectHits[0].start, projectHits[0].end)
  }

  // Labels: every one, each name once.
  const labels: string[] = []
  for (const re of [TAGGED_AS, LABEL]) {
    re.lastIndex = 0
    const hits: Hit<string>[] = []
    for (let m = re.exec(text); m; m = re.exec(text)) hits.push({ start: m.index, end: m.index + m[0].length, value: m[1] ?? '' })
    for (const h of hits) {
      if (!labels.some((l) => l.toLowerCase() === h.value.toLowerCase())) labels.push(h.value)
      take('label', h.start, h.end)
    }
  }

  // Recurrence, with its 'starting X' and 'until X'.
  let recurrence: ParsedRecurrence | null = null
  let startDate: IsoDay | null = null
  const rec = firstHit(text, RECURRENCE_RULES, ctx)
  if (rec) {
    recurrence = /^every!/i.test(text.slice(rec.start, rec.end)) ? { ...rec.value, from: 'completion' } : rec.value
    take('recurrence', rec.start, rec.end)
    for (const [word, re] of RANGE_WORDS) {
      re.lastIndex = 0
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const date = hitAt(text, m.index + m[0].length, DATE_RULES, ctx)
        if (!date) continue
        if (word === 'starting') startDate = date.value
        else recurrence = { ...recurrence, endDate: date.value }
        take('recurrence', m.index, date.end)
        break
      }
    }
  }

  // Priority: the first one written.
  let priority: ParseResult['priority'] = null
  const pri = firstHit(text, PRIORITY_RULES, ctx)
  BANG.lastIndex = 0
  const bang = BANG.exec(text)
  const bangHit = bang ? { start: bang.index, end: bang.index + bang[0].length, value: (5 - bang[0].length) as 1 | 2 | 3 | 4 } : null
  const firstPri = pri && (!bangHit || pri.start < bangHit.start) ? pri : bangHit
  if (firstPri) {
    priority = firstPri.value
    take('priority', firstPri.start, firstPri.end)
  }

  // Time, then date (a time's 'at' must not be read as part of a date).
  let dueTime: string | null = null
  const time = firstHit(text, TIME_RULES, ctx)
  if (time) {
    dueTime = time.value
    take('time', time.start, time.end)
  }
  let dueDate: IsoDay | null = startDate
  if (!dueDate) {
    const date = firstHit(text, DATE_RULES, ctx)
    if (date) {
      dueDate = date.value
      take('date', date.start, date.end)
    }
  }
  if (dueTime && !dueDate) dueDate = defaultDateForTime(opts.defaultDateForTime ?? 'today', ctx.today)

  parts.sort((a, b) => a.start - b.start)
  return { title: titleOf(input, parts), labels, dueDate, dueTime, priority, project, recurrence, parts }
}

/** The input without the parsed spans, whitespace collapsed, stray separators trimmed. */
function titleOf(input: string, parts: readonly ParsedPart[]): string {
  let out = ''
  let at = 0
  for (const p of parts) {
    out += `${input.slice(at, p.start)} `
    at = p.end
  }
  out += input.slice(at)
  return out
    .replace(/\s+/g, ' ')
    .replace(/\s+([,;:.!?])(?=\s|$)/g, '$1')
    .replace(/^[\s,;:-]+|[\s,;:-]+$/g, '')
    .trim()
}

/** The parts of a task written in free text (001 §3 "Parsed quick-add result"). Never throws. */
export function parse(input: string, opts: ParseOptions): ParseResult {
  const { parts: _parts, ...result } = parseParts(input, opts)
  return result
}

/**
 * The first day a recurrence falls on from today (today included), for a
 * recurring task written without a date: its first occurrence is its due date.
 */
export function firstOccurrence(r: ParsedRecurrence, today: IsoDay): IsoDay {
  if (r.type === 'weekly' && r.daysOfWeek?.length) {
    return r.daysOfWeek.map((d) => nextWeekday(today, d)).sort()[0] ?? today
  }
  if (r.type === 'monthly' && r.weekOfMonth && r.daysOfWeek?.length) {
    const wd = r.daysOfWeek[0] ?? 0
    for (let i = 0; i < 3; i++) {
      const month = addMonths(`${today.slice(0, 8)}01`, i)
      const day = nthWeekday(month, wd, r.weekOfMonth)
      if (day && day >= today) return day
    }
  }
  return today
}

function nthWeekday(monthFirst: IsoDay, wd: number, n: number): IsoDay | null {
  const [y, m] = splitDay(monthFirst)
  if (n === -1) {
    const last = dayOf(y, m, daysInMonth(y, m)) as IsoDay
    return addDays(last, -((weekday(last) - wd + 7) % 7))
  }
  const first = addDays(monthFirst, (wd - weekday(monthFirst) + 7) % 7)
  const day = addDays(first, 7 * (n - 1))
  return day.slice(0, 7) === monthFirst.slice(0, 7) ? day : null
}
