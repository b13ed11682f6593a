import { describe, expect, it } from 'vitest'
import { activeMention, matchPeople, mentionText, mentionedIds, parseMentions } from './mentions'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'

describe('parseMentions', () => {
  it('splits text and mentions in order', () => {
    expect(parseMentions(`Hi @[Ada L](${A}), see @[Bo](${B})!`)).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', name: 'Ada L', id: A },
      { kind: 'text', text: ', see ' },
      { kind: 'mention', name: 'Bo', id: B },
      { kind: 'text', text: '!' },
    ])
  })
  it('leaves look-alikes as text', () => {
    expect(parseMentions('mail a@b.c or @[x](not-an-id)')).toEqual([{ kind: 'text', text: 'mail a@b.c or @[x](not-an-id)' }])
  })
  it('lists ids once', () => {
    expect(mentionedIds(`@[A](${A}) @[B](${B}) @[A again](${A})`)).toEqual([A, B])
  })
})

describe('mentionText', () => {
  it('keeps the form parseable', () => {
    const text = mentionText('We [ird]\nname', A)
    expect(mentionedIds(text)).toEqual([A])
  })
})

describe('activeMention', () => {
  it('opens after an at-sign and follows the query', () => {
    expect(activeMention('Hello @ad', 9)).toEqual({ start: 6, query: 'ad' })
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' })
  })
  it('closes on a space or line break, and ignores e-mail addresses', () => {
    expect(activeMention('Hello @ada ', 11)).toBeNull()
    expect(activeMention('Hello @ada\n', 11)).toBeNull()
    expect(activeMention('mail me@x', 9)).toBeNull()
  })
})

describe('matchPeople', () => {
  const people = Array.from({ length: 8 }, (_, i) => ({ full_name: `Person ${i}`, email: `p${i}@example.com` }))
  it('shows at most five', () => {
    expect(matchPeople(people, '')).toHaveLength(5)
  })
  it('matches a word of the name or the e-mail', () => {
    expect(matchPeople([{ full_name: 'Ada Lovelace', email: 'ada@x.io' }, { full_name: 'Bob', email: 'bob@x.io' }], 'love').map((p) => p.full_name)).toEqual(['Ada Lovelace'])
    expect(matchPeople(people, 'p3').map((p) => p.email)).toEqual(['p3@example.com'])
    expect(matchPeople(people, 'zz')).toEqual([])
  })
})
