import { create } from 'zustand'

/** Which of the shell's overlays are open. */
type ShellState = {
  paletteOpen: boolean
  shortcutsOpen: boolean
  recentOpen: boolean
  setPaletteOpen: (open: boolean) => void
  setShortcutsOpen: (open: boolean) => void
  setRecentOpen: (open: boolean) => void
}

export const useShellStore = create<ShellState>()((set) => ({
  paletteOpen: false,
  shortcutsOpen: false,
  recentOpen: false,
  setPaletteOpen: (paletteOpen) => set({ paletteOpen }),
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  setRecentOpen: (recentOpen) => set({ recentOpen }),
}))
