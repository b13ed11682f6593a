import { describe, expect, it } from 'vitest'
import { readConfig } from './config'

describe('readConfig', () => {
  it('prefers the config the server injected', () => {
    expect(readConfig({ url: 'http://a:1/', anonKey: 'k1' }, { VITE_DAYBASE_URL: 'http://b:2', VITE_DAYBASE_ANON_KEY: 'k2' })).toEqual({
      url: 'http://a:1',
      anonKey: 'k1',
      anonymousSignIns: false,
    })
  })

  it('falls back to the vite dev variables', () => {
    expect(readConfig(undefined, { VITE_DAYBASE_URL: 'http://b:2', VITE_DAYBASE_ANON_KEY: 'k2' })).toEqual({
      url: 'http://b:2',
      anonKey: 'k2',
      anonymousSignIns: false,
    })
  })

  it('passes on whether anonymous sign-ins are on', () => {
    expect(readConfig({ url: 'http://a:1', anonKey: 'k', anonymousSignIns: true }, {})?.anonymousSignIns).toBe(true)
  })

  it('is null without a url or a key', () => {
    expect(readConfig({ url: 'http://a:1' }, {})).toBeNull()
    expect(readConfig(undefined, { VITE_DAYBASE_ANON_KEY: 'k' })).toBeNull()
  })
})
