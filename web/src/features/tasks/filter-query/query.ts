import type { Task } from '../types'
import { type Condition, type EvalContext, FIELD_KIND, FIELDS, type Field, type FilterData, holds, ME, OPERATORS_BY_KIND, type Operator, toBool, toLevel, VALUELESS } from '../smart-filters/engine'

/**
 * The filter language (issue 26): Todoist-style queries such as
 * `today & p1`, `overdue | #work`, `@waiting & !#someday`,
 * `due before: next week`, `(p1 | p2) & search: report`.
 *
 * One parser, three uses:
 * - parseQuery() reads the text into a tree whose leaves are smart-filter
 *   conditions of 001 §3 (the engine's Condition), so every leaf means
 *   exactly what it means in a saved filter;
 * - matchesQuery() evaluates the tree (the palette's live results) with
 *   the engine's holds(), the same code that evaluates saved filters;
 * - toFilterData() flattens the tree into filters_data (one logic, AND or
 *   OR, over up to 10 conditions) and says where it cannot, and
 *   fromFilterData() writes conditions back as a query, so the dialog's
 *   text field and its condition rows round-trip.
 * Errors carry the position and length of the bad token.
 */

export type QueryError = { at: number; length: number; message: string }
type Span = { at: number; length: number }

export type QueryNode =
  | ({ kind: 'cond'; condition: Condition } & Span)
  | ({ kind: 'and' | 'or'; children: QueryNode[] } & Span)
  | ({ kind: 'not'; child: QueryNode } & Span)

export type QueryProject = { id: string; name: string }
export type QueryContext = { projects: readonly QueryProject[] }

export type Parsed = { ok: true; node: QueryNode } | { ok: false; error: QueryError }
export type Compiled = { ok: true; data: FilterData } | { ok: false; error: QueryError }

class Fail extends Error {
  constructor(readonly error: QueryError) {
    super(error.message)
  }
}

const fail = (at: number, length: number, message: string): never => {
  throw new Fail({ at, length: Math.max(1, length), message })
}

// ---------------------------------------------------------------------------
// Tokens: & | ! ( ) and terms (the text between them).

type Token = ({ kind: '&' | '|' | '!' | '(' | ')' } | { kind: 'term'; text: string }) & Span

function tokenize(input: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < input.length) {
    const ch = input[i] as string
    if (/\s/.test(ch)) {
      i++
      continue
    }
    if (ch === '&' || ch === '|' || ch === '!' || ch === '(' || ch === ')') {
      out.push({ kind: ch, at: i, length: 1 })
      i++
      continue
    }
    // A term runs to the next operator outside double quotes; its own
    // inner spaces (`due before: next week`) belong to it.
    const start = i
    let quoted = false
    while (i < input.length) {
      const c = input[i] as string
      if (c === '"') quoted = !quoted
      else if (!quoted && (c === '&' || c === '|' || c === '(' || c === ')')) break
      i++
    }
    if (quoted) fail(start, i - start, 'This quote is never closed')
    const raw = input.slice(start, i)
    const text = raw.trimEnd()
    out.push({ kind: 'term', text, at: start, length: text.length })
  }
  return out
}

// ---------------------------------------------------------------------------
// Terms

const unquote = (s: string) => (s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s)

const cond = (field: Field, operator: Operator, value?: unknown): Condition => (value === undefined ? { field, operator } : { field, operator, value })

/** Words for dates as stored values (the server accepts these: 0107). */
function dateValue(raw: string, at: number): string {
  const s = unquote(raw.trim()).toLowerCase().replace(/\s+/g, ' ')
  if (s === 'today' || s === 'tomorrow' || s === 'yesterday') return s
  if (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s))) return s
  if (/^now([+-]\d{1,4}[hdwmy])?$/.test(s)) return s
  const next = /^next (week|month|year)$/.exec(s)
  if (next) return `now+1${(next[1] as string)[0]}`
  const ahead = /^(?:in |\+)?(\d{1,4}) ?(days?|weeks?|months?|years?|d|w|m|y)$/.exec(s)
  if (ahead) return `now+${ahead[1]}${(ahead[2] as string)[0]}`
  const ago = /^(\d{1,4}) ?(days?|weeks?|months?|years?) ago$/.exec(s)
  if (ago) return `now-${ago[1]}${(ago[2] as string)[0]}`
  return fail(at, raw.trim().length, `“${raw.trim()}” is not a date: try today, tomorrow, 2026-12-01, next week, 3 days or 2 weeks ago`)
}

/** A stored date value as the query writes it. */
function dateText(v: unknown): string {
  const s = String(v ?? '')
  const m = /^now([+-])(\d{1,4})([dwmy])$/.exec(s)
  if (!m) return s
  const unit = { d: 'day', w: 'week', m: 'month', y: 'year' }[m[3] as 'd'] as string
  const n = Number(m[2])
  if (m[1] === '+' && n === 1 && unit !== 'day') return `next ${unit}`
  const words = `${n} ${unit}${n === 1 ? '' : 's'}`
  return m[1] === '+' ? words : `${words} ago`
}

const DATE_KEYS: Record<string, [Field, Operator]> = {
  'due before': ['due_date', 'less_than'],
  'due after': ['due_date', 'greater_than'],
  'created before': ['created_at', 'less_than'],
  'created after': ['created_at', 'greater_than'],
  'completed before': ['completed_at', 'less_than'],
  'completed after': ['completed_at', 'greater_than'],
}

const WORDS: Record<string, Condition> = {
  today: cond('due_date', 'is_today'),
  overdue: cond('due_date', 'is_overdue'),
  'this week': cond('due_date', 'is_this_week'),
  'no date': cond('due_date', 'is_empty'),
  'no due date': cond('due_date', 'is_empty'),
  'has date': cond('due_date', 'is_not_empty'),
  'no labels': cond('tags', 'is_empty'),
  'no tags': cond('tags', 'is_empty'),
  starred: cond('is_starred', 'equals', true),
  completed: cond('completed', 'equals', true),
  recurring: cond('recurrence', 'is_not_empty'),
  'created today': cond('created_at', 'is_today'),
  'completed today': cond('completed_at', 'is_today'),
}

/** `due: today` and friends: the word after `due:` as a term of its own. */
/** `assigned to: …` (Todoist's words; 'me' is whoever looks at the filter). */
const ASSIGNEE_WORDS: Record<string, Condition> = {
  me: { field: 'assigned_to', operator: 'equals', value: ME },
  nobody: { field: 'assigned_to', operator: 'is_empty' },
  'no one': { field: 'assigned_to', operator: 'is_empty' },
  anyone: { field: 'assigned_to', operator: 'is_not_empty' },
}

const DUE_WORDS: Record<string, Condition> = {
  today: WORDS.today as Condition,
  overdue: WORDS.overdue as Condition,
  'this week': WORDS['this week'] as Condition,
  'no date': WORDS['no date'] as Condition,
}

const NAME = /^[\p{L}\p{N}_-]+$/u

function projectCondition(name: string, at: number, length: number, qc: QueryContext): Condition {
  if (name === '') return fail(at, length, 'A project name follows #')
  if (name.toLowerCase() === 'inbox') return cond('project_id', 'is_empty')
  const wanted = name.toLowerCase()
  const p = qc.projects.find((x) => x.name.toLowerCase() === wanted)
  if (!p) return fail(at, length, `No project named “${name}”`)
  return cond('project_id', 'equals', p.id)
}

/** The generic form that writes any condition: `importance greater_than: 2`, `notes is_empty`. */
function genericCondition(key: string, value: string | null, at: number, length: number, valueAt: number): Condition | null {
  const m = /^([a-z_]+)\s+([a-z_]+)$/.exec(key)
  if (!m || !FIELDS.includes(m[1] as Field)) return null
  const field = m[1] as Field
  const op = m[2] as Operator
  if (!OPERATORS_BY_KIND[FIELD_KIND[field]].includes(op)) return fail(at, length, `${field} has no operator ${op}: use ${OPERATORS_BY_KIND[FIELD_KIND[field]].join(', ')}`)
  if (VALUELESS.has(op)) {
    if (value !== null) return fail(valueAt, value.length, `${op} takes no value`)
    return cond(field, op)
  }
  if (value === null || value === '') return fail(at, length, `${field} ${op} needs a value after a colon`)
  switch (FIELD_KIND[field]) {
    case 'boolean':
      if (!/^(true|false|yes|no)$/i.test(value)) return fail(valueAt, value.length, 'Use yes or no')
      return cond(field, op, toBool(value))
    case 'level': {
      const max = field === 'priority' ? 4 : 3
      if (!/^\d$/.test(value) || Number(value) > max) return fail(valueAt, value.length, `Use a whole number from 0 to ${max}`)
      return cond(field, op, toLevel(value))
    }
    case 'date':
      return cond(field, op, dateValue(value, valueAt))
    default:
      return cond(field, op, unquote(value))
  }
}

function termCondition(text: string, at: number, qc: QueryContext): Condition {
  const lower = text.toLowerCase().replace(/\s+/g, ' ')
  if (lower in WORDS) return WORDS[lower] as Condition
  const comma = text.indexOf(',')
  if (comma >= 0 && !/^search\s*:/i.test(text) && !text.includes('"')) return fail(at + comma, 1, 'Commas are not part of a query: use | to match either side')
  const pri = /^p([1-4])$/.exec(lower)
  if (pri) return cond('priority', 'equals', 5 - Number(pri[1]))
  if (text.startsWith('#')) {
    const name = unquote(text.replace(/^##?/, ''))
    if (!text.replace(/^##?/, '').startsWith('"') && !NAME.test(name)) return fail(at, text.length, `Quote a project name with spaces: #"${name}"`)
    return projectCondition(name, at, text.length, qc)
  }
  if (text.startsWith('@')) {
    const name = unquote(text.slice(1))
    if (name === '') return fail(at, text.length, 'A label name follows @')
    if (!text.slice(1).startsWith('"') && !NAME.test(name)) return fail(at, text.length, `Quote a label with spaces: @"${name}"`)
    return cond('tags', 'contains', name)
  }
  const colon = text.indexOf(':')
  const key = (colon < 0 ? text : text.slice(0, colon)).trim().toLowerCase().replace(/\s+/g, ' ')
  const rawValue = colon < 0 ? null : text.slice(colon + 1)
  const value = rawValue === null ? null : rawValue.trim()
  const valueAt = rawValue === null ? at + text.length : at + colon + 1 + (rawValue.length - rawValue.trimStart().length)
  if (value !== null) {
    if (key === 'search') {
      if (value === '') return fail(at, text.length, 'search: needs a word to look for')
      return cond('title', 'contains', unquote(value))
    }
    if (key === 'due') {
      const word = DUE_WORDS[value.toLowerCase().replace(/\s+/g, ' ')]
      if (word) return word
      return fail(valueAt, Math.max(1, value.length), 'After due: use today, overdue, this week or no date; for a day, due before: or due after:')
    }
    const date = DATE_KEYS[key]
    if (date) {
      if (value === '') return fail(at, text.length, `${key}: needs a date`)
      return cond(date[0], date[1], dateValue(value, valueAt))
    }
    if (key === 'assigned to') {
      const who = ASSIGNEE_WORDS[value.toLowerCase()]
      if (who) return who
      return fail(valueAt, Math.max(1, value.length), 'After assigned to: use me, nobody or anyone')
    }
    if (key === 'assigned by' || key === 'added by') {
      return fail(at, text.length, `${key}: cannot be a smart filter condition: tasks do not record who assigned or added them`)
    }
  }
  const generic = genericCondition(key, value, at, text.length, valueAt)
  if (generic) return generic
  if (colon >= 0) return fail(at, colon + 1, `Unknown filter “${text.slice(0, colon + 1)}”: try due before:, due after:, created after:, search:`)
  return fail(at, text.length, `Unknown term “${text}”: try today, overdue, p1, #project, @label, no date or search: word`)
}

// ---------------------------------------------------------------------------
// Parsing: or := and ('|' and)* ; and := unary ('&' unary)* ;
// unary := '!' unary | '(' or ')' | term

export function parseQuery(input: string, qc: QueryContext): Parsed {
  try {
    const tokens = tokenize(input)
    if (tokens.length === 0) fail(0, input.length, 'Type a query, such as today & p1')
    let i = 0
    const peek = () => tokens[i]
    const endAt = input.trimEnd().length
    const expected = (what: string): never => {
      const t = peek()
      return t ? fail(t.at, t.length, `Expected ${what} here`) : fail(endAt, 1, `Expected ${what} at the end`)
    }
    const spanOf = (a: Span, b: Span): Span => ({ at: a.at, length: b.at + b.length - a.at })
    const list = (kind: 'and' | 'or', op: '&' | '|', next: () => QueryNode): QueryNode => {
      const first = next()
      const children = [first]
      while (peek()?.kind === op) {
        i++
        children.push(next())
      }
      if (children.length === 1) return first
      return { kind, children, ...spanOf(first, children[children.length - 1] as QueryNode) }
    }
    const unary = (): QueryNode => {
      const t = peek()
      if (!t) return expected('a condition')
      if (t.kind === '!') {
        i++
        const child = unary()
        return { kind: 'not', child, ...spanOf(t, child) }
      }
      if (t.kind === '(') {
        i++
        const inner = or()
        const close = peek()
        if (close?.kind !== ')') {
          if (!close) return fail(t.at, 1, 'This parenthesis is never closed')
          return expected('& or | or )')
        }
        i++
        return { ...inner, ...spanOf(t, close) }
      }
      if (t.kind === 'term') {
        i++
        return { kind: 'cond', condition: termCondition(t.text, t.at, qc), at: t.at, length: t.length }
      }
      return expected('a condition')
    }
    const and = () => list('and', '&', unary)
    const or = (): QueryNode => list('or', '|', and)
    const node = or()
    const rest = peek()
    if (rest) {
      if (rest.kind === ')') fail(rest.at, 1, 'This parenthesis was never opened')
      fail(rest.at, rest.length, 'Expected & or | before this')
    }
    return { ok: true, node }
  } catch (e) {
    if (e instanceof Fail) return { ok: false, error: e.error }
    throw e
  }
}

// ---------------------------------------------------------------------------
// Evaluation

/** Whether a task matches the query, each leaf judged as a saved filter would judge it. */
export function matchesQuery(task: Task, node: QueryNode, ctx: EvalContext): boolean {
  switch (node.kind) {
    case 'cond':
      return holds(task, node.condition, ctx)
    case 'not':
      return !matchesQuery(task, node.child, ctx)
    case 'and':
      return node.children.every((c) => matchesQuery(task, c, ctx))
    case 'or':
      return node.children.some((c) => matchesQuery(task, c, ctx))
  }
}

/** Every condition of the query (what the read must load: engine.needs). */
export function leaves(node: QueryNode): Condition[] {
  if (node.kind === 'cond') return [node.condition]
  if (node.kind === 'not') return leaves(node.child)
  return node.children.flatMap(leaves)
}

// ---------------------------------------------------------------------------
// Flattening into filters_data

const FLIP: Partial<Record<Operator, Operator>> = {
  contains: 'not_contains',
  not_contains: 'contains',
  is_empty: 'is_not_empty',
  is_not_empty: 'is_empty',
  equals: 'not_equals',
  not_equals: 'equals',
}

/** The condition that holds exactly when c does not, or null when 001 §3 has none. */
export function negate(c: Condition): Condition | null {
  const kind = FIELD_KIND[c.field]
  if (kind === 'boolean' && c.operator === 'equals') return { ...c, value: !toBool(c.value) }
  if (kind === 'level') {
    // Whole levels: not (> n) is < n + 1.
    const n = toLevel(c.value)
    if (c.operator === 'greater_than') return { ...c, operator: 'less_than', value: n + 1 }
    if (c.operator === 'less_than') return { ...c, operator: 'greater_than', value: n - 1 }
  }
  if (kind === 'date' && c.operator !== 'is_empty' && c.operator !== 'is_not_empty') return null
  const op = FLIP[c.operator]
  return op ? { ...c, operator: op } : null
}

/** Pushes negations to the leaves (De Morgan) and merges nested groups of one kind. */
function normalize(node: QueryNode, negated: boolean, bang: Span | null): QueryNode {
  switch (node.kind) {
    case 'cond': {
      if (!negated) return node
      const n = negate(node.condition)
      const where = bang ?? node
      if (!n) return fail(where.at, where.length, `“${describe(node.condition)}” cannot be negated in a smart filter`)
      return { ...node, condition: n }
    }
    case 'not':
      return normalize(node.child, !negated, negated ? null : { at: node.at, length: 1 })
    default: {
      const kind = negated ? (node.kind === 'and' ? 'or' : 'and') : node.kind
      const children = node.children.map((c) => normalize(c, negated, bang)).flatMap((c) => (c.kind === kind ? (c as { children: QueryNode[] }).children : [c]))
      return { ...node, kind, children }
    }
  }
}

/** The first operator token of a group (where a mixing error points). */
function operatorAt(input: string, node: QueryNode): Span {
  let depth = 0
  const want = node.kind === 'and' ? '&' : '|'
  for (let k = node.at; k < node.at + node.length; k++) {
    const ch = input[k]
    if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === want && depth === (input[node.at] === '(' ? 1 : 0)) return { at: k, length: 1 }
  }
  return node
}

/**
 * filters_data for the query: one logic over at most 10 conditions.
 * A query that mixes & and | in a way that does not reduce to one logic
 * (`today & (p1 | #work)`), or negates what 001 §3 cannot negate
 * (`!today`), is an error at the token that makes it so; nothing is
 * approximated.
 */
export function toFilterData(input: string, node: QueryNode): Compiled {
  try {
    const flat = normalize(node, false, null)
    let data: FilterData
    if (flat.kind === 'cond') data = { logic: 'AND', conditions: [flat.condition] }
    else if (flat.kind === 'not') throw new Error('normalize leaves no negation')
    else {
      const mixed = flat.children.find((c) => c.kind !== 'cond')
      if (mixed) {
        const op = operatorAt(input, mixed)
        fail(op.at, op.length, `A smart filter matches all (&) or any (|) of its conditions: this ${mixed.kind === 'and' ? '&' : '|'} inside ${flat.kind === 'and' ? '&' : '|'} cannot be saved`)
      }
      data = { logic: flat.kind === 'and' ? 'AND' : 'OR', conditions: flat.children.map((c) => (c as { condition: Condition }).condition) }
    }
    if (data.conditions.length > 10) fail(0, input.length, 'Maximum 10 conditions allowed')
    return { ok: true, data }
  } catch (e) {
    if (e instanceof Fail) return { ok: false, error: e.error }
    throw e
  }
}

/** Parse and flatten in one step (the dialog's text field, a saved query). */
export function compileQuery(input: string, qc: QueryContext): Compiled {
  const parsed = parseQuery(input, qc)
  return parsed.ok ? toFilterData(input, parsed.node) : parsed
}

// ---------------------------------------------------------------------------
// Back to text

const quoteIfNeeded = (s: string) => (NAME.test(s) ? s : `"${s.replace(/"/g, '')}"`)

/** One condition as a query term. */
export function conditionText(c: Condition, qc: QueryContext): string {
  for (const [word, w] of Object.entries(WORDS)) {
    if (w.field === c.field && w.operator === c.operator && (w.value === undefined || toBool(c.value) === w.value) && word !== 'no due date' && word !== 'no tags') return word
  }
  if (c.field === 'completed' && c.operator === 'equals' && !toBool(c.value)) return '!completed'
  if (c.field === 'is_starred' && c.operator === 'equals' && !toBool(c.value)) return '!starred'
  if (c.field === 'recurrence' && c.operator === 'is_empty') return '!recurring'
  if (c.field === 'priority' && c.operator === 'equals' && toLevel(c.value) >= 1) return `p${5 - toLevel(c.value)}`
  if (c.field === 'project_id' && (c.operator === 'equals' || c.operator === 'not_equals')) {
    const p = qc.projects.find((x) => x.id === c.value)
    if (p) return `${c.operator === 'not_equals' ? '!' : ''}#${quoteIfNeeded(p.name)}`
  }
  if (c.field === 'assigned_to') {
    const me = String(c.value ?? '').toLowerCase() === ME
    if (c.operator === 'is_empty') return 'assigned to: nobody'
    if (c.operator === 'is_not_empty') return 'assigned to: anyone'
    if (me && c.operator === 'equals') return 'assigned to: me'
    if (me && c.operator === 'not_equals') return '!assigned to: me'
  }
  if (c.field === 'project_id' && c.operator === 'is_empty') return '#Inbox'
  if (c.field === 'project_id' && c.operator === 'is_not_empty') return '!#Inbox'
  if (c.field === 'tags' && (c.operator === 'contains' || c.operator === 'not_contains') && NAME.test(String(c.value ?? '')))
    return `${c.operator === 'not_contains' ? '!' : ''}@${String(c.value)}`
  if (c.field === 'title' && c.operator === 'contains' && !/[&|()"]/.test(String(c.value ?? ''))) return `search: ${String(c.value)}`
  for (const [key, [field, op]] of Object.entries(DATE_KEYS)) {
    if (field === c.field && op === c.operator) return `${key}: ${dateText(c.value)}`
  }
  if (VALUELESS.has(c.operator)) return `${c.field} ${c.operator}`
  const kind = FIELD_KIND[c.field]
  const v = kind === 'boolean' ? (toBool(c.value) ? 'yes' : 'no') : kind === 'level' ? String(toLevel(c.value)) : kind === 'date' ? dateText(c.value) : String(c.value ?? '')
  return `${c.field} ${c.operator}: ${kind === 'text' || kind === 'project' || kind === 'recurrence' ? `"${v.replace(/"/g, '')}"` : v}`
}

function describe(c: Condition): string {
  return conditionText(c, { projects: [] })
}

/** filters_data as a query the parser reads back to the same conditions. */
export function fromFilterData(data: FilterData, qc: QueryContext): string {
  return data.conditions.map((c) => conditionText(c, qc)).join(data.logic === 'OR' ? ' | ' : ' & ')
}
