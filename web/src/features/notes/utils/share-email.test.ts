import { describe, expect, it } from 'vitest'
import { addRecipients, isValidEmail, shareMailto } from './share-email'

describe('sharing by e-mail', () => {
  it('checks addresses as the spec does', () => {
    expect(isValidEmail('ann@example.com')).toBe(true)
    expect(isValidEmail('ann@example')).toBe(false)
    expect(isValidEmail(`${'a'.repeat(250)}@b.co`)).toBe(false)
  })

  it('adds addresses with the spec messages', () => {
    expect(addRecipients([], 'Ann@Example.com, bob@example.com')).toEqual({ list: ['ann@example.com', 'bob@example.com'], error: null })
    expect(addRecipients(['ann@example.com'], 'ann@example.com').error).toBe('Email already added')
    expect(addRecipients([], 'nope').error).toBe('Invalid email')
    expect(addRecipients([], 'nope, nada').error).toBe('Invalid email addresses')
  })

  it('writes a mail with the link, or says there is nobody to send it to', () => {
    expect(shareMailto([], 'Plan', 'https://x/app/shared/note/ab', 'Ann').error).toBe('No recipients')
    const { href } = shareMailto(['b@example.com'], 'Plan', 'https://x/app/shared/note/ab', 'Ann')
    expect(href).toContain('mailto:b%40example.com?subject=')
    expect(decodeURIComponent(href ?? '')).toContain('https://x/app/shared/note/ab')
  })
})
