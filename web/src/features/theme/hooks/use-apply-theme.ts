import { useEffect } from 'react'
import { useThemeStore } from '../stores/theme-store'
import { customColors, presetColors } from '../utils/presets'
import { useResolvedTheme } from './use-resolved-theme'

/**
 * Puts the theme on <html>: the light or dark class, the preset's colours,
 * the radius, and the dark sidebar class (only when the resolved theme is
 * light and the preference is on, spec 000 §4).
 */
export function useApplyTheme(darkSidebarInLightMode: boolean): void {
  const resolved = useResolvedTheme()
  const preset = useThemeStore((s) => s.preset)
  const radius = useThemeStore((s) => s.radius)
  const customPrimary = useThemeStore((s) => s.customPrimary)

  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('dark', resolved === 'dark')
    root.classList.toggle('light', resolved === 'light')
    root.classList.toggle('dark-sidebar', resolved === 'light' && darkSidebarInLightMode)
    root.dataset.preset = preset
    const colors = (customPrimary && customColors(customPrimary)) || presetColors(preset, resolved === 'dark')
    root.style.setProperty('--primary', colors.primary)
    root.style.setProperty('--primary-foreground', colors.primaryForeground)
    root.style.setProperty('--ring', colors.ring)
    root.style.setProperty('--radius', `${radius}rem`)
  }, [resolved, preset, radius, customPrimary, darkSidebarInLightMode])
}
