/**
 * Share by e-mail (001 §5): an address must match the e-mail pattern and be
 * at most 254 characters; the same address cannot be added twice. The
 * server checks the same (private.is_valid_email, 0100).
 */
export const MAX_EMAIL = 254
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL && EMAIL.test(email)
}

/** Adds the addresses typed (comma, semicolon or space separated): the list, or the error to show. */
export function addEmails(list: readonly string[], typed: string): { list: string[]; error: string | null } {
  const parts = typed
    .split(/[\s,;]+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
  const next = [...list]
  for (const email of parts) {
    if (!isValidEmail(email)) return { list: [...list], error: 'Invalid email' }
    if (next.includes(email)) return { list: [...list], error: 'Email already added' }
    next.push(email)
  }
  return { list: next, error: null }
}

/** The link of an invitation (001 §7). */
export function inviteLink(origin: string, token: string): string {
  return `${origin}/app/teams/join/${token}`
}
