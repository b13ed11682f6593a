import { describe, expect, it } from 'vitest'
import { safeRedirect, validateEmail, validatePassword } from './credentials'

describe('credentials', () => {
  it('checks e-mail addresses', () => {
    expect(validateEmail(' ada@example.com ')).toBeNull()
    expect(validateEmail('')).toBe('Enter your email address')
    expect(validateEmail('ada@')).toBe('Enter a valid email address')
    expect(validateEmail(`${'a'.repeat(250)}@b.co`)).toBe('Enter a valid email address')
  })

  it('checks password length the way the server does', () => {
    expect(validatePassword('1234567')).toBe('Password must be at least 8 characters')
    expect(validatePassword('12345678')).toBeNull()
    expect(validatePassword('x'.repeat(73))).toBe('Password must be at most 72 characters')
  })

  it('only follows same-site redirects', () => {
    expect(safeRedirect('/app/tasks?x=1')).toBe('/app/tasks?x=1')
    expect(safeRedirect('//evil.example')).toBe('/app')
    expect(safeRedirect('https://evil.example')).toBe('/app')
    expect(safeRedirect(null)).toBe('/app')
  })
})
