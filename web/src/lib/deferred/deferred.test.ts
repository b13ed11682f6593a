import { createClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import type RealAdminApi from '@supabase/auth-js/dist/module/GoTrueAdminApi.js'
import GoTrueAdminApi, { loadAuthAdmin } from './auth-admin'
import { loadRealtime } from './realtime'
import { loadStorage } from './storage'

// vite.config.ts points supabase-js's realtime-js and storage-js imports at
// the stand-ins of this folder; the tests run with the same config.
describe('deferred supabase-js parts', () => {
  let n = 0
  const client = () =>
    createClient('http://127.0.0.1:54321', 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, storageKey: `deferred-test-${++n}` },
    })

  it('builds the realtime client only after loadRealtime', async () => {
    const supabase = client()
    expect(supabase.getChannels()).toEqual([])
    expect(() => supabase.channel('room')).toThrow(/loadRealtime/)
    await loadRealtime()
    const channel = supabase.channel('room')
    expect(channel.topic).toBe('realtime:room')
    expect(supabase.getChannels()).toHaveLength(1)
    expect(typeof supabase.realtime.isConnected()).toBe('boolean')
    await supabase.removeAllChannels()
    expect(supabase.getChannels()).toHaveLength(0)
  })

  it('builds the storage client only after loadStorage', async () => {
    const supabase = client()
    expect(() => supabase.storage.from('files')).toThrow(/loadStorage/)
    await loadStorage()
    const bucket = supabase.storage.from('files')
    expect(bucket.getPublicUrl('a.txt').data.publicUrl).toBe('http://127.0.0.1:54321/storage/v1/object/public/files/a.txt')
  })

  it("answers instanceof StorageApiError for storage-js's own errors", async () => {
    const { StorageApiError } = await import('@supabase/supabase-js')
    const real = await loadStorage()
    expect(new real.StorageApiError('gone', 404, 'not_found')).toBeInstanceOf(StorageApiError)
    expect(new Error('other')).not.toBeInstanceOf(StorageApiError)
  })

  // vite.config.ts hands this stand-in to auth-js's own imports in the build
  // (Vitest loads auth-js's CommonJS build, untouched): tested on its own.
  it('builds the auth admin API only after loadAuthAdmin; signOut loads it itself', async () => {
    // Typed as what supabase-js sees: the real class.
    const admin = new GoTrueAdminApi({ url: 'http://127.0.0.1:1/auth/v1', headers: {} }) as unknown as RealAdminApi
    expect(() => admin.listUsers).toThrow(/loadAuthAdmin/)
    // No server answers: the real signOut runs and reports the failure as its result.
    const { error } = await admin.signOut('not-a-token')
    expect(error).not.toBeNull()
    await loadAuthAdmin()
    expect(typeof admin.listUsers).toBe('function')
  })

  // vite.config.ts hands this stand-in to GoTrueClient's import of lib/webauthn in the build.
  it('loads the WebAuthn code on demand; mfa.webauthn loads it itself', async () => {
    const webauthn = await import('./webauthn')
    expect(() => webauthn.browserSupportsWebAuthn()).toThrow(/loadWebAuthn/)
    const enroll = vi.fn(async (params: unknown) => ({ data: params, error: null }))
    const api = new webauthn.WebAuthnApi({ mfa: { enroll } } as never)
    // The real enroll adds the factor type and calls the client's mfa.enroll.
    await api.enroll({ friendlyName: 'Key' })
    expect(enroll).toHaveBeenCalledWith({ friendlyName: 'Key', factorType: 'webauthn' })
    expect(typeof webauthn.browserSupportsWebAuthn()).toBe('boolean')
  })

  it('loads realtime-js again after a failed load; whenRealtime warns instead of rejecting', async () => {
    vi.resetModules()
    vi.doMock('@supabase/realtime-js', () => {
      throw new Error('chunk gone')
    })
    const { loadRealtime, whenRealtime } = await import('./realtime')
    await expect(loadRealtime()).rejects.toThrow()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const started = vi.fn()
    whenRealtime(started)
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Live updates are off: realtime did not load', expect.anything()))
    expect(started).not.toHaveBeenCalled()

    vi.doUnmock('@supabase/realtime-js')
    await expect(loadRealtime()).resolves.toHaveProperty('RealtimeClient')
    whenRealtime(started)
    await vi.waitFor(() => expect(started).toHaveBeenCalledOnce())
    warn.mockRestore()
  })
})
