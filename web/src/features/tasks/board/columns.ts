import type { BoardColumn } from '../types'

/** Most columns a board holds, and their limits (the server's check says the same: 0720). */
export const MAX_COLUMNS = 20
export const MAX_COLUMN_NAME = 60
export const MAX_WIP = 999

/** projects.board_columns as read from the server, whatever its shape: the valid columns, in order. */
export function readBoardColumns(value: unknown): BoardColumn[] {
  if (!Array.isArray(value)) return []
  const seen = new Set<string>()
  const out: BoardColumn[] = []
  for (const c of value) {
    if (!c || typeof c !== 'object') continue
    const { id, name, wip_limit } = c as Record<string, unknown>
    if (typeof id !== 'string' || typeof name !== 'string' || !id || seen.has(id)) continue
    seen.add(id)
    out.push({ id, name, wip_limit: typeof wip_limit === 'number' && wip_limit >= 1 ? Math.round(wip_limit) : null })
  }
  return out
}

