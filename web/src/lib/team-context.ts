import { create } from 'zustand'

// The team context (002 §4): personal (null) or a chosen team, remembered
// locally under the key currentTeamId and restored when the teams load.

const KEY = 'currentTeamId'

function stored(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

type TeamContext = { currentTeamId: string | null; setCurrentTeamId: (id: string | null) => void }

export const useTeamContext = create<TeamContext>((set) => ({
  currentTeamId: typeof window === 'undefined' ? null : stored(),
  setCurrentTeamId: (id) => {
    try {
      if (id) localStorage.setItem(KEY, id)
      else localStorage.removeItem(KEY)
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    set({ currentTeamId: id })
  },
}))
