import { create } from 'zustand'

type PaywallState = {
  open: boolean
  /** The server's cap message, e.g. 'Task limit reached for Free plan'. */
  message: string | null
  show: (message: string) => void
  close: () => void
}

/** Opened whenever a request hits a Free plan cap (spec 000 §9). */
export const usePaywallStore = create<PaywallState>()((set) => ({
  open: false,
  message: null,
  show: (message) => set({ open: true, message }),
  close: () => set({ open: false }),
}))
