import { serverUrl } from './fixtures'

/**
 * The database as the tests check it: PostgREST with the service role key,
 * which bypasses row-level security (what the server stored, not what a user
 * may see). Inserts here set up data a journey starts from.
 */
function headers(extra: Record<string, string> = {}): Record<string, string> {
  const key = process.env.DAYBASE_SERVICE_ROLE_KEY ?? ''
  return { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...extra }
}

export async function select<T = Record<string, unknown>>(table: string, query: string): Promise<T[]> {
  const res = await fetch(`${serverUrl()}/rest/v1/${table}?${query}`, { headers: headers() })
  if (!res.ok) throw new Error(`GET ${table}?${query}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T[]
}

export async function insert<T = Record<string, unknown>>(table: string, rows: object | object[]): Promise<T[]> {
  // Rows with different keys: name every column, and the ones a row leaves out take their defaults.
  const columns = [...new Set((Array.isArray(rows) ? rows : [rows]).flatMap((r) => Object.keys(r)))].join(',')
  const res = await fetch(`${serverUrl()}/rest/v1/${table}?columns=${columns}`, {
    method: 'POST',
    headers: headers({ Prefer: 'return=representation,missing=default' }),
    body: JSON.stringify(rows),
  })
  if (!res.ok) throw new Error(`POST ${table}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T[]
}

export async function update(table: string, query: string, patch: object): Promise<void> {
  const res = await fetch(`${serverUrl()}/rest/v1/${table}?${query}`, { method: 'PATCH', headers: headers(), body: JSON.stringify(patch) })
  if (!res.ok) throw new Error(`PATCH ${table}?${query}: ${res.status} ${await res.text()}`)
}

export type TaskRow = {
  id: string
  title: string
  notes: string | null
  due_date: string | null
  due_time: string | null
  priority: number
  tags: string | null
  list: string | null
  project_id: string | null
  location: string | null
  reminders: number[]
  recurrence: string | null
  is_completed: boolean
  is_starred: boolean
  is_deleted: boolean
  importance: number
  urgency: number
  parent_id: string | null
  sort_order: number
  user_id: string
  board_column: string | null
}

export const tasksOf = (userId: string, extra = '') =>
  select<TaskRow>('tasks', `user_id=eq.${userId}&order=sort_order.asc,created_at.asc${extra}`)

export type ProjectRow = {
  id: string
  name: string
  color: string
  icon_name: string
  icon_weight: string
  sort_order: number
  is_favorite: boolean
  is_archived: boolean
  is_deleted: boolean
  overview: string | null
  user_id: string
}

export const projectsOf = (userId: string) => select<ProjectRow>('projects', `user_id=eq.${userId}&order=sort_order.asc`)

export const preference = async (userId: string, key: string): Promise<unknown> => {
  const rows = await select<{ preference_value: string }>('user_preferences', `user_id=eq.${userId}&preference_key=eq.${encodeURIComponent(key)}`)
  return rows[0] ? JSON.parse(rows[0].preference_value) : undefined
}
