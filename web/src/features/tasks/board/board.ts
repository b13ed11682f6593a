import type { BoardColumn, Task } from '../types'
import { type IsoDay, addDays, taskDay } from '../utils/dates'
import { PRIORITIES } from '../utils/priority'
import { type SchedulePatch, reschedule } from '../calendar/calendar'

export { MAX_COLUMNS, MAX_COLUMN_NAME, MAX_WIP, readBoardColumns } from './columns'

/**
 * Boards (issue 26): a project's own columns (projects.board_columns, 0720)
 * or, for any list, lanes by priority or by due date. Pure: the screen
 * renders lanes and sends what dropPlan says to move_board_task.
 */

/** How a board groups its cards. 'columns' only exists on a project. */
export type BoardGrouping = 'columns' | 'priority' | 'due'

export function isGrouping(text: string | null): text is BoardGrouping {
  return text === 'columns' || text === 'priority' || text === 'due'
}

/** The id of the lane of cards without a column ("No column"). */
export const NO_COLUMN = '__none__'


export type Lane = {
  id: string
  title: string
  cards: Task[]
  /** The WIP limit of a project column. */
  wipLimit: number | null
  /** Whether cards may be dropped here (not "Overdue": no date is in the past on purpose). */
  droppable: boolean
  /** A project column the user defined (rename, limit, delete). */
  own: boolean
}

const bySortOrder = (a: Task, b: Task) => a.sort_order - b.sort_order || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)

function lane(id: string, title: string, extra: Partial<Lane> = {}): Lane {
  return { id, title, cards: [], wipLimit: null, droppable: true, own: false, ...extra }
}

/**
 * A project's lanes: "No column" first when it has cards or the project
 * has no columns yet, then the project's columns; a card whose column was
 * removed (or never set) is in "No column".
 */
export function projectLanes(tasks: readonly Task[], columns: readonly BoardColumn[]): Lane[] {
  const own = columns.map((c) => lane(c.id, c.name, { wipLimit: c.wip_limit, own: true }))
  const none = lane(NO_COLUMN, 'No column')
  const byId = new Map(own.map((l) => [l.id, l]))
  for (const t of tasks) (byId.get(t.board_column ?? '') ?? none).cards.push(t)
  for (const l of [none, ...own]) l.cards.sort(bySortOrder)
  return none.cards.length || !own.length ? [none, ...own] : own
}

/** Lanes P1 … P4 and No priority, in the app's naming (001 §3). */
export function priorityLanes(tasks: readonly Task[]): Lane[] {
  const lanes = PRIORITIES.map((p) => lane(`p:${p.value}`, p.short === 'None' ? 'No priority' : p.short))
  for (const t of tasks) (lanes.find((l) => l.id === `p:${t.priority}`) ?? (lanes.at(-1) as Lane)).cards.push(t)
  for (const l of lanes) l.cards.sort(bySortOrder)
  return lanes
}

/** Days after tomorrow the due board gives a lane of their own. */
const DAY_LANES = 5

/**
 * Lanes by due date in the user's zone: Overdue, Today, Tomorrow, the next
 * five days by name, Later, No date.
 */
export function dueLanes(tasks: readonly Task[], today: IsoDay, zone: string, weekdayName: (day: IsoDay) => string): Lane[] {
  const days = Array.from({ length: DAY_LANES + 2 }, (_, i) => addDays(today, i))
  const lanes = [
    lane('due:overdue', 'Overdue', { droppable: false }),
    ...days.map((d, i) => lane(`due:${d}`, i === 0 ? 'Today' : i === 1 ? 'Tomorrow' : weekdayName(d))),
    lane('due:later', 'Later'),
    lane('due:none', 'No date'),
  ]
  const last = days.at(-1) as IsoDay
  for (const t of tasks) {
    const day = taskDay(t, zone)
    const id = day === null ? 'due:none' : day < today ? 'due:overdue' : day > last ? 'due:later' : `due:${day}`
    lanes.find((l) => l.id === id)?.cards.push(t)
  }
  for (const l of lanes) l.cards.sort(bySortOrder)
  return lanes
}

/** The first day "Later" stands for when a card is dropped on it. */
export function laterDay(today: IsoDay): IsoDay {
  return addDays(today, DAY_LANES + 2)
}

/** What a drop on a lane writes on the card besides its place (move_board_task's p_fields). */
export type BoardFields = { board_column?: string | null; priority?: number } & Partial<SchedulePatch>

/** The fields a card gets in lane (nothing when it already belongs there). */
export function laneFields(task: Task, laneId: string, today: IsoDay, zone: string): BoardFields {
  if (laneId === NO_COLUMN) return task.board_column === null ? {} : { board_column: null }
  if (laneId.startsWith('p:')) {
    const priority = Number(laneId.slice(2))
    return priority === task.priority ? {} : { priority }
  }
  if (laneId.startsWith('due:')) {
    const key = laneId.slice(4)
    if (key === 'overdue') return {}
    if (key === 'none') return reschedule(task, null, zone) ?? {}
    if (key === 'later') {
      const day = taskDay(task, zone)
      return day !== null && day >= laterDay(today) ? {} : (reschedule(task, laterDay(today), zone) ?? {})
    }
    return reschedule(task, key, zone) ?? {}
  }
  return task.board_column === laneId ? {} : { board_column: laneId }
}

export type DropPlan = {
  fields: BoardFields
  /** The destination lane's card ids, top to bottom, the moved one included. */
  order: string[]
}

/**
 * What dropping card `id` into lane `to` at index `at` (of the lane as it
 * is without the card) does. Null when the card stays where it was.
 */
export function dropPlan(lanes: readonly Lane[], id: string, to: string, at: number, today: IsoDay, zone: string): DropPlan | null {
  const from = lanes.find((l) => l.cards.some((c) => c.id === id))
  const target = lanes.find((l) => l.id === to)
  const card = from?.cards.find((c) => c.id === id)
  if (!from || !target || !card || !target.droppable) return null
  const rest = target.cards.filter((c) => c.id !== id).map((c) => c.id)
  const index = Math.max(0, Math.min(at, rest.length))
  const order = [...rest.slice(0, index), id, ...rest.slice(index)]
  const fields = from.id === target.id ? {} : laneFields(card, target.id, today, zone)
  const before = target.cards.map((c) => c.id)
  if (!Object.keys(fields).length && order.join() === before.join()) return null
  return { fields, order }
}

/** The sort_order values the cards of order take (move_board_task does the same on the server). */
export function orderValues(cards: readonly Task[], order: readonly string[]): Map<string, number> {
  const values = cards
    .filter((c) => order.includes(c.id))
    .map((c) => c.sort_order)
    .sort((a, b) => a - b)
  for (let i = 1; i < values.length; i++) if ((values[i] as number) <= (values[i - 1] as number)) values[i] = (values[i - 1] as number) + 1
  return new Map(order.map((id, i) => [id, values[i] ?? 0]))
}

/** "3 / 5" for a limited column, "3" otherwise; over says the limit is passed. */
export function wipCount(l: Pick<Lane, 'cards' | 'wipLimit'>): { text: string; over: boolean; label: string } {
  const n = l.cards.length
  if (l.wipLimit === null) return { text: String(n), over: false, label: `${n} ${n === 1 ? 'card' : 'cards'}` }
  return { text: `${n} / ${l.wipLimit}`, over: n > l.wipLimit, label: `${n} of ${l.wipLimit} cards${n > l.wipLimit ? ', over the limit' : ''}` }
}

/** A fresh column id: short, unique within the board. */
export function newColumnId(columns: readonly BoardColumn[]): string {
  for (;;) {
    const id = crypto.randomUUID().slice(0, 8)
    if (!columns.some((c) => c.id === id)) return id
  }
}
