import type { Page } from '@playwright/test'
import { type Account, serverUrl, signInToApp, signUpThroughApi } from './fixtures'

// Helpers of the notes and journal journeys (issue 20): the database
// through /rest/v1 with the service key (what the app wrote, or data set
// up behind the app's back), and screenshots in both themes at both widths.

function serviceHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const key = process.env.DAYBASE_SERVICE_ROLE_KEY ?? ''
  return { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...extra }
}

/** GET /rest/v1/{path} as the service role; the rows. */
export async function dbRows<T = Record<string, unknown>>(path: string): Promise<T[]> {
  const res = await fetch(`${serverUrl()}/rest/v1/${path}`, { headers: serviceHeaders() })
  const body = await res.text()
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${body}`)
  return JSON.parse(body) as T[]
}

/** POST rows to /rest/v1/{table} as the service role (not rate limited, not the app). */
export async function dbInsert(table: string, rows: unknown): Promise<void> {
  // Rows with different keys: name every column, as supabase-js does (the others take their defaults).
  const columns = Array.isArray(rows) ? [...new Set(rows.flatMap((r: object) => Object.keys(r)))].join(',') : ''
  const res = await fetch(`${serverUrl()}/rest/v1/${table}${columns ? `?columns=${columns}` : ''}`, { method: 'POST', headers: serviceHeaders({ Prefer: 'return=minimal' }), body: JSON.stringify(rows) })
  if (!res.ok) throw new Error(`POST ${table}: ${res.status} ${await res.text()}`)
}

/** An RPC as the user (with their access token). */
export async function rpcAs<T>(token: string, fn: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${serverUrl()}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: process.env.DAYBASE_ANON_KEY ?? '', Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  })
  const body = await res.text()
  if (!res.ok) throw new Error(`rpc ${fn}: ${res.status} ${body}`)
  return JSON.parse(body) as T
}

/** Gives the user an active Pro subscription, as billing would. */
export async function makePro(userId: string): Promise<void> {
  await dbInsert('user_subscriptions', { user_id: userId, status: 'active', plan_id: 'pro_monthly' })
}

/** A new account, signed up through /auth/v1 and signed in through the app. */
export async function signedIn(page: Page, account: Account): Promise<{ userId: string; accessToken: string }> {
  const who = await signUpThroughApi(account)
  await signInToApp(page, account)
  return who
}

/**
 * Screenshots of what is on screen at 1280 and 390 px, light and dark
 * (tests/browser/artifacts/screenshots/{name}-{theme}-{width}.png); the
 * page is left as it was.
 */
export { shootAll as shots } from './shots'

/** A small valid PNG (1x1, a colour per seed) for uploads. */
export function pngBytes(seed = 0): Buffer {
  const colours = [
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ]
  return Buffer.from(colours[seed % colours.length] ?? '', 'base64')
}
