/** E-mail addresses for sharing by e-mail (002 §5): the pattern, at most 254 characters. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email)
}

/**
 * Adds what was typed (one address or several, separated by commas, spaces
 * or semicolons) to the list, with the spec's messages: 'Invalid email' for
 * one bad address, 'Invalid email addresses' when several are,
 * 'Email already added' for a duplicate.
 */
export function addRecipients(list: readonly string[], typed: string): { list: string[]; error: string | null } {
  const parts = typed
    .split(/[\s,;]+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
  if (parts.length === 0) return { list: [...list], error: null }
  const invalid = parts.filter((p) => !isValidEmail(p))
  if (invalid.length > 0) return { list: [...list], error: invalid.length > 1 ? 'Invalid email addresses' : 'Invalid email' }
  const next = [...list]
  for (const p of parts) {
    if (next.includes(p)) return { list: [...list], error: 'Email already added' }
    next.push(p)
  }
  return { list: next, error: null }
}

/**
 * The mail the user sends from their own mail app (docs/decisions.md,
 * "Sharing notes by e-mail"): the link and how to open it. 'No recipients'
 * when the list is empty.
 */
export function shareMailto(recipients: readonly string[], what: string, link: string, from: string): { href: string | null; error: string | null } {
  if (recipients.length === 0) return { href: null, error: 'No recipients' }
  const subject = `${from} shared “${what}” with you on Daybase`
  const body = `${from} shared “${what}” with you.\n\nOpen it here (sign in or create an account first):\n${link}\n`
  const href = `mailto:${recipients.map(encodeURIComponent).join(',')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
  return { href, error: null }
}
