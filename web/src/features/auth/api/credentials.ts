/** The e-mail pattern shared with sharing dialogs: something@something.tld, at most 254 characters. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The server's minimum (DAYBASE_AUTH_PASSWORD_MIN_LENGTH); it also refuses common passwords (422 weak_password). */
export const MIN_PASSWORD_LENGTH = 8
/** bcrypt's limit, which GoTrue enforces with 400 validation_failed. */
export const MAX_PASSWORD_LENGTH = 72

export function validateEmail(email: string): string | null {
  const value = email.trim()
  if (!value) return 'Enter your email address'
  if (value.length > 254 || !EMAIL.test(value)) return 'Enter a valid email address'
  return null
}

export function validatePassword(password: string): string | null {
  if (!password) return 'Enter your password'
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`
  return null
}

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirect(value: string | null | undefined, fallback = '/app'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  return value
}
