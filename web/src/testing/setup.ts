import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// lib/supabase.ts builds the client from the runtime config at import time.
// Nothing in the unit tests reaches this address: calls are mocked per test.
window.__DAYBASE_CONFIG__ = { url: 'http://127.0.0.1:9', anonKey: 'unit-test-anon-key' }

// jsdom has no matchMedia; the app reads it for the theme and the 768 px breakpoint.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core machine a
// render can take longer, which failed tests that had nothing wrong with them.
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
