import { queryOptions } from '@tanstack/react-query'
import type { Json } from './database'
import { isMissingRow, unwrap } from './errors'
import { supabase } from './supabase'

/**
 * user_preferences holds one JSON text value per (user_id, preference_key).
 * Reads fall back to a local copy when the server has none; a failed save
 * keeps the value locally (spec 001 §8) and still reports the failure.
 */
export const preferenceKeys = {
  all: ['preferences'] as const,
  user: (userId: string) => [...preferenceKeys.all, userId] as const,
  one: (userId: string, key: string) => [...preferenceKeys.user(userId), key] as const,
}

const localKey = (userId: string, key: string) => `daybase.pref.${userId}.${key}`

function readLocal(userId: string, key: string): Json | undefined {
  try {
    const text = localStorage.getItem(localKey(userId, key))
    return text === null ? undefined : (JSON.parse(text) as Json)
  } catch {
    return undefined
  }
}

function writeLocal(userId: string, key: string, value: Json): void {
  try {
    localStorage.setItem(localKey(userId, key), JSON.stringify(value))
  } catch {
    // Storage full or blocked: nothing more to fall back to.
  }
}

function parseValue(text: string | null): Json | undefined {
  if (text === null) return undefined
  try {
    return JSON.parse(text) as Json
  } catch {
    return undefined
  }
}

/** How long a read preference stays fresh and cached (001 §9: 5 min). */
export const PREFERENCE_STALE_MS = 5 * 60_000

/** A preference's value as a query (null when it has none), cached 5 min; the one read the screens share. */
export function preferenceQueryOptions(userId: string, key: string) {
  return queryOptions({
    queryKey: preferenceKeys.one(userId, key),
    queryFn: ({ signal }) => getPreference(userId, key, signal).then((v) => v ?? null),
    staleTime: PREFERENCE_STALE_MS,
    gcTime: PREFERENCE_STALE_MS,
  })
}

export async function getPreference(userId: string, key: string, signal?: AbortSignal): Promise<Json | undefined> {
  let query = supabase
    .from('user_preferences')
    .select('preference_value')
    .eq('user_id', userId)
    .eq('preference_key', key)
    .eq('is_deleted', false)
  if (signal) query = query.abortSignal(signal)
  const result = await query.maybeSingle()
  if (result.error && isMissingRow(result.error)) return readLocal(userId, key)
  const row = unwrap(result)
  if (!row) return readLocal(userId, key)
  return parseValue(row.preference_value) ?? readLocal(userId, key)
}

/**
 * The save in flight per user and key. Saves of one key go out one after
 * another: two upserts in flight at once (a task opened, then its pane
 * closed at once) can reach the database in either order, and the older
 * value would win.
 */
const saving = new Map<string, Promise<void>>()

export function savePreference(userId: string, key: string, value: Json): Promise<void> {
  writeLocal(userId, key, value)
  const slot = localKey(userId, key)
  const upsert = async () => {
    const result = await supabase.from('user_preferences').upsert(
      {
        user_id: userId,
        preference_key: key,
        preference_value: JSON.stringify(value),
        is_deleted: false,
        updated_at: new Date().toISOString(),
      },
      { onConflict: 'user_id,preference_key' },
    )
    unwrap(result)
  }
  const before = saving.get(slot)
  const save = before ? before.catch(() => undefined).then(upsert) : upsert()
  saving.set(slot, save)
  const forget = () => {
    if (saving.get(slot) === save) saving.delete(slot)
  }
  save.then(forget, forget)
  return save
}

const zoneSaved = new Map<string, Promise<void>>()

/**
 * The server places a user's days in the "timezone" preference, else UTC
 * (jobs.user_time_zone: a recurring task's next date, a focus session's day,
 * reminders). Before the first write that needs it, the browser's zone is
 * saved there when the user has none, never over a choice: once per page
 * and user; a failure is tried again by the next such write.
 */
export function ensureTimeZonePreference(userId: string): Promise<void> {
  let saved = zoneSaved.get(userId)
  if (!saved) {
    saved = (async () => {
      if ((await getPreference(userId, 'timezone')) === undefined) {
        await savePreference(userId, 'timezone', Intl.DateTimeFormat().resolvedOptions().timeZone)
      }
    })().catch(() => {
      zoneSaved.delete(userId)
    })
    zoneSaved.set(userId, saved)
  }
  return saved
}
