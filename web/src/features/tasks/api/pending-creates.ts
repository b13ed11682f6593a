/**
 * Tasks shown before the server has them (001 §4: a new task appears at
 * once with a temporary id). An edit the user makes to one meanwhile — a
 * star, a completion, a delete — waits for the insert and is sent with the
 * id the server gave, never with the temporary one (which the server would
 * refuse as an invalid uuid). A failed insert fails the edit too; the
 * screens already removed the task and said so.
 */
const pending = new Map<string, Promise<string>>()

/** How long an answered create's temporary id still resolves: edits queued behind it are sent by then. */
const KEEP_MS = 60_000

/** Creates shown but not sent yet (they go one after another): how to hand each its insert. */
const unsent = new Map<string, (created: Promise<{ id: string }>) => void>()

/**
 * A create shown from now on: an edit to tempId waits from now, also while
 * the insert itself still waits for an earlier create to be answered.
 */
export function trackCreate(tempId: string): void {
  const id = new Promise<{ id: string }>((send) => unsent.set(tempId, send)).then((row) => row.id)
  pending.set(tempId, id)
  const forget = () => window.setTimeout(() => pending.delete(tempId), KEEP_MS)
  id.then(forget, forget)
}

/** The insert of a tracked create, once sent (a second call, for a create already sent, does nothing). */
export function createSent(tempId: string, created: Promise<{ id: string }>): void {
  // Its failure is the mutation's to report (and the edits' that wait); unheard here, it is no error.
  created.catch(() => {})
  unsent.get(tempId)?.(created)
  unsent.delete(tempId)
}

/** The server's id of a task: its own, or its create's once that is answered. */
export function serverId(id: string): string | Promise<string> {
  return pending.get(id) ?? id
}
