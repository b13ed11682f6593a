import { useEffect } from 'react'
import { useThemeStore } from '../stores/theme-store'
import { customColors, presetColors } from '../utils/presets'
import { useResolvedTheme } from './use-resolved-theme'

/** The colours last applied, for index.html's first script. */
export const THEME_VARS_KEY = 'daybase.theme-vars'

/**
 * Puts the theme on <html>: the light or dark class, the preset's colours
 * and the radius. Needs no server data, so public pages use it too.
 */
export function useApplyTheme(): void {
  const resolved = useResolvedTheme()
  const preset = useThemeStore((s) => s.preset)
  const radius = useThemeStore((s) => s.radius)
  const customPrimary = useThemeStore((s) => s.customPrimary)

  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('dark', resolved === 'dark')
    root.classList.toggle('light', resolved === 'light')
    root.dataset.preset = preset
    const colorsFor = (dark: boolean) => (customPrimary && customColors(customPrimary)) || presetColors(preset, dark)
    const colors = colorsFor(resolved === 'dark')
    root.style.setProperty('--primary', colors.primary)
    root.style.setProperty('--primary-foreground', colors.primaryForeground)
    root.style.setProperty('--ring', colors.ring)
    root.style.setProperty('--radius', `${radius}rem`)
    // index.html's first script applies these before the first paint of the
    // next load, so a prerendered page is painted in the user's colours.
    try {
      localStorage.setItem(
        THEME_VARS_KEY,
        JSON.stringify({ preset, radius: `${radius}rem`, light: colorsFor(false), dark: colorsFor(true) }),
      )
    } catch {
      // Storage full or blocked: the next load paints the default colours first.
    }
  }, [resolved, preset, radius, customPrimary])
}

/**
 * The dark sidebar class on <html>, only when the resolved theme is light
 * and the preference is on (spec 000 §4). Used by the signed-in shell,
 * where the server-kept preference is known.
 */
export function useDarkSidebar(darkSidebarInLightMode: boolean): void {
  const resolved = useResolvedTheme()
  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('dark-sidebar', resolved === 'light' && darkSidebarInLightMode)
    return () => root.classList.remove('dark-sidebar')
  }, [resolved, darkSidebarInLightMode])
}
