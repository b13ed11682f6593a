import { useMediaQuery } from '@/lib/use-media-query'
import { type ResolvedTheme, resolveTheme, useThemeStore } from '../stores/theme-store'

export const DARK_QUERY = '(prefers-color-scheme: dark)'

export function useSystemPrefersDark(): boolean {
  return useMediaQuery(DARK_QUERY)
}

export function useResolvedTheme(): ResolvedTheme {
  const mode = useThemeStore((s) => s.mode)
  return resolveTheme(mode, useSystemPrefersDark())
}
