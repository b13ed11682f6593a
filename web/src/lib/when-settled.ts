import type { QueryClient } from '@tanstack/react-query'

/** The longest wait for the queries to settle: a read that hangs does not hold back what waits here. */
const MAX_WAIT_MS = 5000

/**
 * Runs run once the page has settled after its data: when no query is
 * fetching (the screen's data is in), a frame later (the render of that
 * data painted), in an idle period (at most timeout ms after that frame).
 * For the code and work the app starts in the background (the toaster,
 * the offline code, the edit pane's chunk): on a plain idle callback they
 * start while the screen waits for its data, and their chunks then arrive,
 * compile and mount between the data and the first rows on screen.
 * Returns a cancel.
 */
export function whenSettled(queryClient: QueryClient, run: () => void, timeout: number): () => void {
  let started = false
  let unsubscribe = () => {}
  let cap: number | undefined
  let frame: number | undefined
  let idle: number | undefined
  let task: number | undefined
  const start = () => {
    if (started) return
    started = true
    unsubscribe()
    window.clearTimeout(cap)
    frame = requestAnimationFrame(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout })
      else task = window.setTimeout(run, 0)
    })
  }
  if (queryClient.isFetching() === 0) start()
  else {
    unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) start()
    })
    cap = window.setTimeout(start, MAX_WAIT_MS)
  }
  return () => {
    started = true
    unsubscribe()
    window.clearTimeout(cap)
    if (frame !== undefined) cancelAnimationFrame(frame)
    if (idle !== undefined) window.cancelIdleCallback(idle)
    window.clearTimeout(task)
  }
}
