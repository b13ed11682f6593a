import { useSyncExternalStore } from 'react'

/** Mobile breakpoint of spec 000 §9: screens up to 768 px wide. */
export const MOBILE_QUERY = '(max-width: 768px)'

type QueryStore = {
  subscribe: (onChange: () => void) => () => void
  read: () => boolean
}

const stores = new Map<string, QueryStore>()

/**
 * One store per query, kept: React reads the snapshot on every render of
 * every component that asks (each task row's screen, the shell), and
 * window.matchMedia builds a new list, and evaluates it, on each call.
 *
 * A read tells the subscribers when it finds a value they were not told
 * of. Chromium fires a list's 'change' only if the list's remembered
 * result differs when it re-evaluates the queries (at the next style
 * update), and reading `matches` in between updates that result: a
 * component reading the list in that gap (the shell re-rendering when a
 * query answers, while the system turned dark) swallowed the event for
 * every other subscriber, and <html> kept the light class
 * (docs/notes/flake-2026-11-27.md).
 */
function queryStore(query: string): QueryStore {
  let store = stores.get(query)
  if (store) return store
  // Made at the first subscription or read, never in a prerender (no window).
  let list: MediaQueryList | undefined
  let told = false
  const mql = () => {
    if (!list) {
      list = window.matchMedia(query)
      told = list.matches
    }
    return list
  }
  const listeners = new Set<() => void>()
  let pending = false
  const notify = () => {
    pending = false
    for (const listener of [...listeners]) listener()
  }
  const onChange = () => {
    told = mql().matches
    notify()
  }
  store = {
    subscribe(listener) {
      if (listeners.size === 0) mql().addEventListener('change', onChange)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) mql().removeEventListener('change', onChange)
      }
    },
    read() {
      const matches = mql().matches
      if (matches !== told) {
        told = matches
        // Not during the render that read it: React forbids updating
        // another component from a render.
        if (!pending && listeners.size > 0) {
          pending = true
          queueMicrotask(notify)
        }
      }
      return matches
    },
  }
  stores.set(query, store)
  return store
}

const never = () => false

export function useMediaQuery(query: string): boolean {
  const store = queryStore(query)
  return useSyncExternalStore(store.subscribe, store.read, never)
}

/**
 * Whether query matches now, for code that acts on it (a command, an
 * effect) rather than renders it: no re-render when it changes, and none
 * after hydration (a prerendered page was drawn for a wide, light screen).
 */
export const matchesNow = (query: string): boolean => window.matchMedia(query).matches
