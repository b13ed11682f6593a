/**
 * The 20 colour presets of spec 000 §9. A preset sets the primary colour
 * (buttons, focus rings, active navigation); light and dark use the same hue
 * at different lightness so contrast holds in both.
 */
export type ThemePreset = {
  id: string
  name: string
  hue: number
  chroma: number
}

export const THEME_PRESETS = [
  { id: 'indigo', name: 'Indigo', hue: 277, chroma: 0.23 },
  { id: 'blue', name: 'Blue', hue: 262, chroma: 0.21 },
  { id: 'sky', name: 'Sky', hue: 237, chroma: 0.15 },
  { id: 'cyan', name: 'Cyan', hue: 215, chroma: 0.13 },
  { id: 'teal', name: 'Teal', hue: 185, chroma: 0.12 },
  { id: 'emerald', name: 'Emerald', hue: 163, chroma: 0.15 },
  { id: 'green', name: 'Green', hue: 150, chroma: 0.17 },
  { id: 'lime', name: 'Lime', hue: 131, chroma: 0.18 },
  { id: 'yellow', name: 'Yellow', hue: 86, chroma: 0.16 },
  { id: 'amber', name: 'Amber', hue: 70, chroma: 0.17 },
  { id: 'orange', name: 'Orange', hue: 48, chroma: 0.2 },
  { id: 'red', name: 'Red', hue: 27, chroma: 0.23 },
  { id: 'rose', name: 'Rose', hue: 12, chroma: 0.23 },
  { id: 'pink', name: 'Pink', hue: 354, chroma: 0.22 },
  { id: 'fuchsia', name: 'Fuchsia', hue: 322, chroma: 0.26 },
  { id: 'purple', name: 'Purple', hue: 304, chroma: 0.25 },
  { id: 'violet', name: 'Violet', hue: 293, chroma: 0.24 },
  { id: 'slate', name: 'Slate', hue: 257, chroma: 0.04 },
  { id: 'stone', name: 'Stone', hue: 56, chroma: 0.015 },
  { id: 'zinc', name: 'Zinc', hue: 286, chroma: 0.01 },
] as const satisfies readonly ThemePreset[]

export type ThemePresetId = (typeof THEME_PRESETS)[number]['id']

export const DEFAULT_PRESET: ThemePresetId = 'indigo'

/** Default radius 0.5 rem (spec 000 §9) and the other steps offered. */
export const RADIUS_OPTIONS = [0, 0.25, 0.5, 0.75, 1] as const
export const DEFAULT_RADIUS = 0.5

export type ThemeColors = { primary: string; primaryForeground: string; ring: string }

export function findPreset(id: string): ThemePreset {
  return THEME_PRESETS.find((p) => p.id === id) ?? THEME_PRESETS[0]
}

/** The CSS colours of a preset for the light or the dark theme. */
export function presetColors(id: string, dark: boolean): ThemeColors {
  const p = findPreset(id)
  // Light, low-chroma presets (yellow, lime) need dark text to stay readable.
  const light = dark ? 0.72 : p.hue > 80 && p.hue < 140 ? 0.62 : 0.52
  const primary = `oklch(${light} ${p.chroma} ${p.hue})`
  const primaryForeground = dark || light > 0.6 ? 'oklch(0.16 0.01 260)' : 'oklch(0.985 0 0)'
  return { primary, primaryForeground, ring: primary }
}

const HEX = /^#([0-9a-f]{6})$/i

/** A custom primary colour given as #rrggbb, with a readable text colour on it. */
export function customColors(hex: string): ThemeColors | null {
  const m = HEX.exec(hex)
  if (!m || !m[1]) return null
  const n = parseInt(m[1], 16)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255]
  // Relative luminance (sRGB), enough to pick black or white text.
  const lum = [r, g, b]
    .map((c) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    })
    .reduce((acc, c, i) => acc + c * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0)
  return { primary: hex, primaryForeground: lum > 0.4 ? '#111827' : '#ffffff', ring: hex }
}
