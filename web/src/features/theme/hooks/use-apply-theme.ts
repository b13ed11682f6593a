import { useEffect } from 'react'
import { useThemeStore } from '../stores/theme-store'
import { customColors, presetColors } from '../utils/presets'
import { useResolvedTheme } from './use-resolved-theme'

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
    const colors = (customPrimary && customColors(customPrimary)) || presetColors(preset, resolved === 'dark')
    root.style.setProperty('--primary', colors.primary)
    root.style.setProperty('--primary-foreground', colors.primaryForeground)
    root.style.setProperty('--ring', colors.ring)
    root.style.setProperty('--radius', `${radius}rem`)
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
