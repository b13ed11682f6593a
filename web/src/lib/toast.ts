import type { ExternalToast } from 'sonner'

/**
 * The app's toasts (sonner), loaded on first use: most visits never show
 * one, and sonner is a tenth of the sign-in page's script otherwise. The
 * call sites stay synchronous; the toast appears once sonner and its
 * <Toaster> (mounted by app.tsx when the first toast is asked for) are up.
 */
type Kind = 'success' | 'info' | 'error'

let requested = false
const listeners = new Set<() => void>()
let markReady: () => void = () => undefined
const ready = new Promise<void>((resolve) => {
  markReady = resolve
})

/** For useSyncExternalStore: whether any toast was asked for yet. */
export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function toastsRequested(): boolean {
  return requested
}

/** Called by the toaster once it is mounted and listening. */
export function toasterMounted(): void {
  markReady()
}

let sonner: Promise<typeof import('sonner')> | undefined

/**
 * Loads sonner and mounts the toaster ahead of the first toast. The signed-in
 * app calls it once idle: a first toast asked for offline (a move that
 * failed, say) could no longer load their code, and the page would break.
 */
export function prepareToasts(): Promise<typeof import('sonner')> {
  if (!requested) {
    requested = true
    for (const l of listeners) l()
  }
  sonner ??= import('sonner')
  return sonner
}

function show(kind: Kind, message: string, data?: ExternalToast): void {
  void Promise.all([prepareToasts(), ready]).then(([{ toast }]) => toast[kind](message, data))
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show('success', message, data),
  /** Something to read that went neither wrong nor as asked (a sync kept another device's values). */
  info: (message: string, data?: ExternalToast) => show('info', message, data),
  error: (message: string, data?: ExternalToast) => show('error', message, data),
}

/**
 * Closes every toast: on sign-out, what the last person was told ("Passkey
 * added") is not for whoever sits down next.
 */
export function dismissToasts(): void {
  void sonner?.then(({ toast }) => toast.dismiss())
}
