import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { User } from '@supabase/supabase-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dateLineFor, greetingFor, initialsOf } from './signed-in-text'

// src/boot/signed-in-page.js writes these words into the prerendered /app
// page before React runs; hydration needs React to render the very same.
const bootScript = readFileSync(path.resolve(__dirname, '../../../boot/signed-in-page.js'), 'utf8')

function token(claims: Record<string, unknown>): string {
  return `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`
}

function runBoot(session: unknown): HTMLElement {
  localStorage.clear()
  if (session) localStorage.setItem('sb-127-auth-token', JSON.stringify(session))
  document.body.innerHTML = `<div id="root">
    <h1 data-boot="greeting">Good morning</h1><p data-boot="date">Monday, January 1</p>
    <button aria-label="Account menu, ?" data-boot-label="Account menu, "><span data-boot="initials">?</span></button>
  </div>`
  new Function(bootScript)()
  const root = document.getElementById('root')
  if (!root) throw new Error('no root')
  return root
}

const users: Partial<User>[] = [
  { id: 'u1', email: 'ada@example.test', user_metadata: { full_name: 'Ada Lovelace' } },
  { id: 'u2', email: 'grace.hopper@example.test', user_metadata: {} },
  { id: 'u3', email: 'x@example.test', user_metadata: { name: '  Émile Zola ' } },
  { id: 'u4', email: 'solo@example.test', user_metadata: { full_name: 'Plato' } },
  { id: 'u5', email: 'empty@example.test', user_metadata: { full_name: '', name: 'Ignored' } },
  { id: 'u6', email: 'y@example.test', user_metadata: { full_name: 42 } },
  { id: 'u7', user_metadata: {} },
]

afterEach(() => {
  vi.useRealTimers()
})

describe('the boot script and React say the same', () => {
  for (const hour of [0, 11, 12, 17, 18, 23]) {
    for (const user of users) {
      it(`at ${hour}:30 for ${user.id}`, () => {
        vi.useFakeTimers()
        const now = new Date(2026, 10, 24, hour, 30)
        vi.setSystemTime(now)
        const root = runBoot({ access_token: token({ aal: 'aal1' }), user })
        expect(root.style.visibility).toBe('')
        expect(root.hasAttribute('data-boot-done')).toBe(true)
        expect(root.querySelector('h1')?.textContent).toBe(greetingFor(user as User, now))
        expect(root.querySelector('p')?.textContent).toBe(dateLineFor(now))
        expect(root.querySelector('span')?.textContent).toBe(initialsOf(user as User))
        expect(root.querySelector('button')?.getAttribute('aria-label')).toBe(`Account menu, ${initialsOf(user as User)}`)
      })
    }
  }
})

describe('the boot script hides the page it cannot draw', () => {
  it('without a stored session', () => {
    const root = runBoot(null)
    expect(root.style.visibility).toBe('hidden')
    expect(root.hasAttribute('data-boot-done')).toBe(false)
  })

  it('with a session that must still answer the second factor', () => {
    const user = { id: 'u1', user_metadata: {}, factors: [{ id: 'f1', status: 'verified' }] }
    expect(runBoot({ access_token: token({ aal: 'aal1' }), user }).style.visibility).toBe('hidden')
    expect(runBoot({ access_token: token({ aal: 'aal2' }), user }).style.visibility).toBe('')
  })

  it('with a session it cannot read', () => {
    expect(runBoot({ access_token: 'not-a-jwt', user: { id: 'u1' } }).style.visibility).toBe('hidden')
    expect(runBoot({ user: { id: 'u1' } }).style.visibility).toBe('hidden')
  })
})
