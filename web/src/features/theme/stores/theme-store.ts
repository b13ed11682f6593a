import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { DEFAULT_PRESET, DEFAULT_RADIUS, type ThemePresetId } from '../utils/presets'

export type ThemeMode = 'light' | 'dark' | 'system'
export type ResolvedTheme = 'light' | 'dark'

/** localStorage key; index.html reads it too, to set the class before the first paint. */
export const THEME_STORAGE_KEY = 'daybase.theme'

type ThemeState = {
  mode: ThemeMode
  preset: ThemePresetId
  radius: number
  /** #rrggbb that replaces the preset's primary colour, or null. */
  customPrimary: string | null
  setMode: (mode: ThemeMode) => void
  setPreset: (preset: ThemePresetId) => void
  setRadius: (radius: number) => void
  setCustomPrimary: (hex: string | null) => void
  /** Light ↔ dark from whatever is showing now (system included). */
  toggle: (systemPrefersDark: boolean) => void
}

export function resolveTheme(mode: ThemeMode, systemPrefersDark: boolean): ResolvedTheme {
  if (mode === 'system') return systemPrefersDark ? 'dark' : 'light'
  return mode
}

/** Theme settings are local to the browser (spec 000 §3, local records). */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set, get) => ({
      mode: 'system',
      preset: DEFAULT_PRESET,
      radius: DEFAULT_RADIUS,
      customPrimary: null,
      setMode: (mode) => set({ mode }),
      setPreset: (preset) => set({ preset, customPrimary: null }),
      setRadius: (radius) => set({ radius }),
      setCustomPrimary: (customPrimary) => set({ customPrimary }),
      toggle: (systemPrefersDark) =>
        set({ mode: resolveTheme(get().mode, systemPrefersDark) === 'dark' ? 'light' : 'dark' }),
    }),
    {
      name: THEME_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ mode, preset, radius, customPrimary }) => ({ mode, preset, radius, customPrimary }),
    },
  ),
)
