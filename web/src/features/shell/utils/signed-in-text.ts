import type { User } from '@supabase/supabase-js'
import { fullNameOf } from '@/lib/auth-store'

// The user's own words on the signed-in first screen. A prerendered /app
// page gets them from src/boot/signed-in-page.js before its first paint, and
// React must render the same: signed-in-text.test.ts holds the two together.

/** The dashboard greeting: by the hour, with the first name when there is one. */
export function greetingFor(user: User, now: Date): string {
  const hour = now.getHours()
  const first = fullNameOf(user).split(' ')[0]
  const greeting = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening'
  return first ? `${greeting}, ${first}` : greeting
}

/** The dashboard's date line: weekday, month and day in the browser's locale. */
export function dateLineFor(now: Date): string {
  return now.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })
}

/** The account button's initials: of the name, else of the e-mail address. */
export function initialsOf(user: User): string {
  const parts = (fullNameOf(user) || (user.email ?? '')).trim().split(/[\s@._-]+/).filter(Boolean)
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?'
}
