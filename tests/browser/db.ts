// The database as the tests check it: /rest/v1 with the service_role key
// (row-level security bypassed), so a journey can look at what the app
// really wrote, not only at the screen.
import { serverUrl } from './fixtures'

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const key = process.env.DAYBASE_SERVICE_ROLE_KEY ?? ''
  return { apikey: key, Authorization: `Bearer ${key}`, ...extra }
}

/** GET /rest/v1/{path} as the service; throws on a non-2xx answer. */
export async function select<T = Record<string, unknown>>(path: string): Promise<T[]> {
  const res = await fetch(`${serverUrl()}/rest/v1/${path}`, { headers: headers() })
  const body = await res.text()
  if (!res.ok) throw new Error(`GET /rest/v1/${path}: ${res.status} ${body}`)
  return JSON.parse(body) as T[]
}

/** POST rows to /rest/v1/{table} as the service; returns the inserted rows. */
export async function insert<T = Record<string, unknown>>(table: string, rows: unknown): Promise<T[]> {
  const res = await fetch(`${serverUrl()}/rest/v1/${table}`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json', Prefer: 'return=representation' }),
    body: JSON.stringify(rows),
  })
  const body = await res.text()
  if (!res.ok) throw new Error(`POST /rest/v1/${table}: ${res.status} ${body}`)
  return JSON.parse(body) as T[]
}

/** PATCH /rest/v1/{path} as the service. */
export async function update(path: string, values: unknown): Promise<void> {
  const res = await fetch(`${serverUrl()}/rest/v1/${path}`, {
    method: 'PATCH',
    headers: headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify(values),
  })
  if (!res.ok) throw new Error(`PATCH /rest/v1/${path}: ${res.status} ${await res.text()}`)
}
