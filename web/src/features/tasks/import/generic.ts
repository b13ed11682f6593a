import { instantOf } from '../utils/dates'
import { formatTags } from '../utils/tags'
import { type ImportOptions, type ImportPlan, type ImportRow, type Problem, type TaskRow, cell, fitTitle, headerKey, validZone } from './model'

/**
 * Any CSV (issue 26; docs/decisions.md, "Any CSV with a column mapping"):
 * the user maps each column to a task field, guessed from the header's
 * name in a few languages. Dates are read in the order the data shows
 * (a day above 12 settles d/m/y against m/d/y) or the one the user picks;
 * priorities read as words, p1…p4, or numbers on a scale the user picks.
 */

export type Field = 'ignore' | 'title' | 'description' | 'due_date' | 'due_time' | 'priority' | 'project' | 'labels' | 'section' | 'completed' | 'parent'

export const FIELDS: { value: Field; label: string }[] = [
  { value: 'ignore', label: 'Ignore' },
  { value: 'title', label: 'Title' },
  { value: 'description', label: 'Description' },
  { value: 'due_date', label: 'Due date' },
  { value: 'due_time', label: 'Due time' },
  { value: 'priority', label: 'Priority' },
  { value: 'project', label: 'Project' },
  { value: 'labels', label: 'Labels' },
  { value: 'section', label: 'Section (as a label)' },
  { value: 'completed', label: 'Completed' },
  { value: 'parent', label: 'Parent task (its title)' },
]

/** A CSV read as a header and its data rows, each with its 1-based record number. */
export type Table = { header: string[]; rows: { line: number; cells: string[] }[] }

export function tableOf(cells: readonly string[][]): Table {
  const filled = (r: readonly string[]) => r.some((c) => c.trim() !== '')
  const at = cells.findIndex(filled)
  if (at < 0) return { header: [], rows: [] }
  const header = (cells[at] ?? []).map((h, i) => h.replace(/^\uFEFF/, '').trim() || `Column ${i + 1}`)
  const rows: Table['rows'] = []
  for (let i = at + 1; i < cells.length; i++) {
    const r = cells[i] ?? []
    if (filled(r)) rows.push({ line: i + 1, cells: r })
  }
  return { header, rows }
}

// Header names per field, compared without case, accents, spaces, dashes
// or underscores. English, German, French, Spanish, Italian, Dutch,
// Portuguese; what the big to-do apps and spreadsheets export.
const NAMES: [Exclude<Field, 'ignore'>, string[]][] = [
  ['title', ['title', 'name', 'task', 'taskname', 'tasktitle', 'subject', 'content', 'summary', 'todo', 'item', 'titel', 'aufgabe', 'betreff', 'titre', 'tache', 'nom', 'tarea', 'titulo', 'nombre', 'asunto', 'titolo', 'attivita', 'compito', 'taak', 'naam', 'onderwerp', 'tarefa', 'assunto']],
  ['description', ['description', 'notes', 'note', 'details', 'body', 'desc', 'beschreibung', 'notizen', 'notiz', 'commentaire', 'descripcion', 'notas', 'nota', 'descrizione', 'beschrijving', 'notities', 'descricao']],
  ['due_date', ['due', 'duedate', 'dueon', 'deadline', 'date', 'duedatetime', 'enddate', 'faellig', 'fallig', 'falligkeit', 'falligkeitsdatum', 'termin', 'datum', 'echeance', 'dateecheance', 'date limite', 'vencimiento', 'fecha', 'fechalimite', 'scadenza', 'data', 'deadlinedatum', 'vervaldatum', 'prazo', 'datalimite']],
  ['due_time', ['duetime', 'time', 'uhrzeit', 'zeit', 'heure', 'hora', 'ora', 'tijd']],
  ['priority', ['priority', 'prio', 'importance', 'prioritat', 'prioritaet', 'priorite', 'prioridad', 'priorita', 'prioriteit', 'prioridade']],
  ['project', ['project', 'list', 'listname', 'projectname', 'folder', 'category', 'projekt', 'liste', 'projet', 'proyecto', 'lista', 'progetto', 'categoria', 'lijst', 'projeto']],
  ['labels', ['tags', 'labels', 'label', 'tag', 'etiketten', 'schlagworter', 'etiquettes', 'etiquetas', 'etichette', 'etiketten']],
  ['section', ['section', 'group', 'heading', 'abschnitt', 'rubrique', 'seccion', 'sezione', 'sectie', 'secao']],
  ['completed', ['completed', 'done', 'status', 'complete', 'iscompleted', 'finished', 'state', 'erledigt', 'termine', 'fait', 'completada', 'hecho', 'estado', 'completato', 'fatto', 'stato', 'voltooid', 'klaar', 'concluido', 'feito']],
  ['parent', ['parent', 'parenttask', 'subtaskof', 'ubergeordnet', 'parente', 'padre', 'tarea padre', 'bovenliggend']],
]

const plain = (s: string) => headerKey(s.normalize('NFD').replace(/\p{M}/gu, ''))
const BY_NAME = new Map<string, Field>(NAMES.flatMap(([field, names]) => names.map((n) => [plain(n), field] as const)))

/** The field a header's name suggests, or 'ignore'. */
export function guessField(header: string): Field {
  const key = plain(header).replace(/\(.*\)|[.:#*]/g, '')
  const exact = BY_NAME.get(key)
  if (exact) return exact
  // "Due Date (UTC)", "Task name 2", "Start/Due date": the longest name within.
  let best: Field = 'ignore'
  let length = 3
  for (const [name, field] of BY_NAME) {
    if (name.length > length && key.includes(name)) {
      best = field
      length = name.length
    }
  }
  return best
}

/** A field for every column, each field at most once (the first column that suggests it wins). */
export function guessMapping(header: readonly string[]): Field[] {
  const taken = new Set<Field>()
  const out = header.map((h) => {
    const f = guessField(h)
    if (f === 'ignore' || taken.has(f)) return 'ignore'
    taken.add(f)
    return f
  })
  // No column looks like a title: the first text column is most likely it.
  if (!taken.has('title')) {
    const i = out.indexOf('ignore')
    if (i >= 0) out[i] = 'title'
  }
  return out
}

export type DateOrder = 'dmy' | 'mdy'

// 31/12/2026, 12.31.26, 1-2-2026, with an optional time after it.
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ ,T]+(.+))?$/
const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](.+))?$/
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
// 1 Dec 2026, Dec 1, 2026, December 1st 2026 (an optional time after it).
const DAY_MONTH = /^(\d{1,2})(?:st|nd|rd|th)?\.?\s+([a-z]{3,})\.?,?\s+(\d{4})(?:[ ,T]+(.+))?$/i
const MONTH_DAY = /^([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?:[ ,T]+(.+))?$/i

/**
 * The day order the column's numeric dates show: 'dmy' when a first number
 * is above 12, 'mdy' when a second one is, null when no value tells (the
 * user is asked) or values say both (then some cells will not be read).
 */
export function detectDateOrder(values: readonly string[]): DateOrder | null {
  let dmy = false
  let mdy = false
  for (const v of values) {
    const m = NUMERIC.exec(v.trim())
    if (!m) continue
    if (Number(m[1]) > 12) dmy = true
    if (Number(m[2]) > 12) mdy = true
  }
  return dmy === mdy ? null : dmy ? 'dmy' : 'mdy'
}

/** Whether any cell is a numeric date whose order the data cannot tell (1/2/2026). */
export function hasAmbiguousDates(values: readonly string[]): boolean {
  return values.some((v) => {
    const m = NUMERIC.exec(v.trim())
    return !!m && Number(m[1]) <= 12 && Number(m[2]) <= 12 && m[1] !== m[2]
  })
}

const pad = (n: number) => String(n).padStart(2, '0')

function isoDay(y: number, m: number, d: number): string | null {
  const year = y < 100 ? 2000 + y : y
  const date = new Date(Date.UTC(year, m - 1, d))
  if (m < 1 || m > 12 || date.getUTCDate() !== d || date.getUTCMonth() !== m - 1) return null
  return `${year}-${pad(m)}-${pad(d)}`
}

function monthOf(name: string): number {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase())
  return i < 0 ? 0 : i + 1
}

/** A time of day as 'HH:mm' (14:30, 2:30 pm, 2pm, 14h30, 09:00:00), or null. */
export function readTime(text: string): string | null {
  const m = /^(\d{1,2})(?:[:h.](\d{2}))?(?::\d{2}(?:\.\d+)?)?\s*([ap])?\.?m?\.?$/i.exec(text.trim())
  if (!m) return null
  let h = Number(m[1])
  const min = Number(m[2] ?? 0)
  const half = m[3]?.toLowerCase()
  if (!m[2] && !half) return null // a bare number is not a time
  if (half) {
    if (h < 1 || h > 12) return null
    h = (h % 12) + (half === 'p' ? 12 : 0)
  }
  return h < 24 && min < 60 ? `${pad(h)}:${pad(min)}` : null
}

export type DateCell = { date: string; time?: string; instant?: string }

/** A date cell (and an optional time after it), or null when it cannot be read. */
export function readDate(text: string, order: DateOrder): DateCell | null {
  const t = text.trim()
  let day: string | null = null
  let rest: string | undefined
  const iso = ISO.exec(t)
  const num = NUMERIC.exec(t)
  const dm = DAY_MONTH.exec(t)
  const md = MONTH_DAY.exec(t)
  if (iso) {
    // An instant with its offset ("2026-12-01T09:00:00Z") is one moment, whatever the zone.
    if (iso[4] && /(?:Z|[+-]\d{2}:?\d{2})$/i.test(iso[4]) && !Number.isNaN(Date.parse(t))) {
      const d = isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))
      return d ? { date: d, instant: new Date(t).toISOString() } : null
    }
    day = isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    rest = iso[4]
  } else if (num) {
    const [a, b] = [Number(num[1]), Number(num[2])]
    day = order === 'dmy' ? isoDay(Number(num[3]), b, a) : isoDay(Number(num[3]), a, b)
    rest = num[4]
  } else if (dm) {
    day = isoDay(Number(dm[3]), monthOf(dm[2] ?? ''), Number(dm[1]))
    rest = dm[4]
  } else if (md) {
    day = isoDay(Number(md[3]), monthOf(md[1] ?? ''), Number(md[2]))
    rest = md[4]
  }
  if (!day) return null
  if (!rest?.trim()) return { date: day }
  const time = readTime(rest)
  return time ? { date: day, time } : null
}

export type PriorityScale = 'high-first' | 'low-first'

const PRIORITY_WORDS: [number, string[]][] = [
  [4, ['urgent', 'critical', 'highest', 'asap', 'dringend', 'kritisch', 'urgente', 'critique', 'critico', 'urgentissimo']],
  [3, ['high', 'important', 'hoch', 'wichtig', 'haute', 'eleve', 'elevee', 'alta', 'alto', 'hoog']],
  [2, ['medium', 'normal', 'med', 'mittel', 'moyenne', 'moyen', 'media', 'medio', 'middel', 'normaal', 'media']],
  [1, ['low', 'lowest', 'minor', 'niedrig', 'gering', 'basse', 'bas', 'faible', 'baja', 'bajo', 'bassa', 'basso', 'laag', 'baixa']],
  [0, ['', 'none', 'no', 'keine', 'aucune', 'ninguna', 'nessuna', 'geen', 'nenhuma', '-']],
]
const PRIORITY_BY_WORD = new Map(PRIORITY_WORDS.flatMap(([p, words]) => words.map((w) => [w, p] as const)))

/**
 * A priority cell on Daybase's scale (0 none … 4 urgent), or null when
 * unreadable. Words in several languages; p1…p4 as Todoist means them
 * (p1 most urgent, p4 none); numbers 1…4 (5 and up count as the end of
 * the scale) with 1 the highest or the lowest, as the user says; 0 none.
 */
export function readPriority(text: string, scale: PriorityScale): number | null {
  const t = plain(text).replace(/priority|prio/g, '')
  const word = PRIORITY_BY_WORD.get(t)
  if (word !== undefined) return word
  const p = /^p([1-4])$/.exec(t)
  if (p) return [4, 3, 2, 0][Number(p[1]) - 1] ?? 0
  if (/^!{1,3}$/.test(t)) return t.length + 1
  if (!/^\d+$/.test(t)) return null
  const n = Number(t)
  if (n === 0) return 0
  return scale === 'high-first' ? Math.max(1, 5 - Math.min(n, 4)) : Math.min(n, 4)
}

/** Whether a priority column holds numbers, so the scale's direction matters. */
export function hasNumericPriorities(values: readonly string[]): boolean {
  return values.some((v) => /^\d+$/.test(v.trim()) && v.trim() !== '0')
}

const NOT_DONE = new Set(['', 'no', 'false', '0', 'n', 'open', 'todo', 'to do', 'notstarted', 'inprogress', 'pending', 'waiting', 'active', 'incomplete', 'nein', 'offen', 'non', 'afaire', 'encours', 'pendiente', 'abierto', 'aperto', 'nee', 'nao', 'falsch', 'faux', 'falso'])
const DONE = new Set(['yes', 'true', '1', 'y', 'x', '✓', '✔', 'done', 'completed', 'complete', 'finished', 'closed', 'ja', 'erledigt', 'fertig', 'oui', 'fait', 'termine', 'si', 'hecho', 'completada', 'completado', 'fatto', 'completato', 'klaar', 'voltooid', 'sim', 'concluido', 'feito', 'wahr', 'vrai', 'verdadero', 'vero'])

/** A completed cell: done or not, or null when no word says (a date there is read by the caller). */
export function readCompleted(text: string): { done: boolean } | null {
  const t = plain(text)
  if (NOT_DONE.has(t)) return { done: false }
  if (DONE.has(t)) return { done: true }
  return null
}

export type GenericOptions = ImportOptions & { dateOrder: DateOrder; priorityScale: PriorityScale; defaultProject: string | null }

/** The plan for a table under a mapping: projects by name, then top tasks, then subtasks. */
export function parseGeneric(table: Table, mapping: readonly Field[], opts: GenericOptions): ImportPlan {
  const problems: Problem[] = []
  const col = (f: Field) => mapping.indexOf(f)
  const c = {
    title: col('title'),
    description: col('description'),
    dueDate: col('due_date'),
    dueTime: col('due_time'),
    priority: col('priority'),
    project: col('project'),
    labels: col('labels'),
    section: col('section'),
    completed: col('completed'),
    parent: col('parent'),
  }
  if (c.title < 0) return { source: 'csv', rows: [], problems: [{ line: 1, message: 'No column is mapped to Title' }] }
  const zone = validZone(opts.timeZone) ?? 'UTC'
  const projects = new Map<string, string>() // lower name → row key
  const projectRows: ImportRow[] = []
  const projectKey = (name: string): string | undefined => {
    const clean = name.trim().slice(0, 100)
    if (!clean) return undefined
    const lower = clean.toLowerCase()
    let key = projects.get(lower)
    if (!key) {
      key = `p${projects.size + 1}`
      projects.set(lower, key)
      projectRows.push({ key, kind: 'project', name: clean })
    }
    return key
  }
  const tops: TaskRow[] = []
  const children: { task: TaskRow; parent: string; line: number }[] = []
  const byTitle = new Map<string, TaskRow>()

  for (const { line, cells } of table.rows) {
    const title = cell(cells, c.title).replace(/\s+/g, ' ')
    if (!title) {
      problems.push({ line, message: 'No title; skipped' })
      continue
    }
    const task: TaskRow = { key: `r${line}`, kind: 'task', title: fitTitle(title, line, problems) }
    const notes: string[] = []
    const description = cell(cells, c.description)
    if (description) notes.push(description)

    const project = c.project >= 0 ? cell(cells, c.project) : (opts.defaultProject ?? '')
    const pkey = /^inbox$/i.test(project) ? undefined : projectKey(project)
    if (pkey) task.project = pkey

    const labels = cell(cells, c.labels)
      .split(/[,;|]/)
      .map((l) => l.trim().replace(/^[#@]/, ''))
    const section = cell(cells, c.section)
    const tags = formatTags(section ? [...labels, section.replace(/,/g, ' ')] : labels)
    if (tags) task.tags = tags

    if (c.priority >= 0) {
      const text = cell(cells, c.priority)
      const p = readPriority(text, opts.priorityScale)
      if (p === null) problems.push({ line, message: `Priority "${text}" not understood; none set` })
      else task.priority = p
    }

    const dateText = cell(cells, c.dueDate)
    const timeText = cell(cells, c.dueTime)
    if (dateText) {
      const d = readDate(dateText, opts.dateOrder)
      if (!d) {
        problems.push({ line, message: `Date "${dateText}" not understood; kept in the description` })
        notes.push(`Due: ${dateText}`)
      } else {
        task.due_date = d.date
        const time = timeText ? readTime(timeText) : null
        if (timeText && !time) problems.push({ line, message: `Time "${timeText}" not understood; the task has a date only` })
        if (time) task.due_time = instantOf(d.date, time, zone)
        else if (d.instant) task.due_time = d.instant
        else if (d.time) task.due_time = instantOf(d.date, d.time, zone)
      }
    } else if (timeText) {
      problems.push({ line, message: 'A time without a date; the task has no due date' })
    }

    if (c.completed >= 0) {
      const text = cell(cells, c.completed)
      const done = readCompleted(text)
      const day = done ? null : readDate(text, opts.dateOrder)
      if (done?.done || day) {
        task.is_completed = true
        if (day) task.completed_at = day.instant ?? instantOf(day.date, day.time ?? '12:00', zone)
      } else if (!done) {
        problems.push({ line, message: `Completed "${text}" not understood; imported as open` })
      }
    }
    if (notes.length) task.notes = notes.join('\n\n').slice(0, 10000)

    const parent = cell(cells, c.parent)
    if (parent) children.push({ task, parent, line })
    else {
      tops.push(task)
      if (!byTitle.has(task.title.toLowerCase())) byTitle.set(task.title.toLowerCase(), task)
    }
  }

  const subtasks: TaskRow[] = []
  for (const { task, parent, line } of children) {
    const top = byTitle.get(parent.toLowerCase())
    if (!top) {
      problems.push({ line, message: `Parent "${parent}" is not a top-level task of the file; imported as a task` })
      tops.push(task)
      continue
    }
    task.parent = top.key
    delete task.project // a subtask lives in its parent's project (0105)
    subtasks.push(task)
  }
  return { source: 'csv', rows: [...projectRows, ...tops, ...subtasks], problems }
}

/** A mapping's memory key: the same header row maps the same way while the section is open. */
export function headerSignature(header: readonly string[]): string {
  return header.map(plain).join('\u0001')
}

/** The values of one column, for detection (the first 500 rows are enough). */
export function columnValues(table: Table, index: number): string[] {
  return index < 0 ? [] : table.rows.slice(0, 500).map((r) => cell(r.cells, index))
}

/** A default day order when the data cannot tell: the browser's locale. */
export function localeDateOrder(locale: string): DateOrder {
  return /^en-(US|PH|CA)$/i.test(locale) || /^(fil|ceb)/i.test(locale) ? 'mdy' : 'dmy'
}
