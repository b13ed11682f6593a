import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { Plan } from '../utils/plans'

type PlanOverrideState = {
  /** Forces the plan the app shows, for trying features locally; null follows the server. */
  override: Plan | null
  setOverride: (plan: Plan | null) => void
}

export const usePlanOverrideStore = create<PlanOverrideState>()(
  persist((set) => ({ override: null, setOverride: (override) => set({ override }) }), {
    name: 'daybase.planOverride',
    storage: createJSONStorage(() => localStorage),
  }),
)
