import { describe, expect, it } from 'vitest'
import { THEME_PRESETS, customColors, presetColors } from '../utils/presets'
import { THEME_STORAGE_KEY, resolveTheme, useThemeStore } from './theme-store'

describe('theme store', () => {
  it('resolves system to the system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
  })

  it('toggles from what is showing and keeps the choice in localStorage', () => {
    useThemeStore.setState({ mode: 'system' })
    useThemeStore.getState().toggle(true)
    expect(useThemeStore.getState().mode).toBe('light')
    useThemeStore.getState().toggle(true)
    expect(useThemeStore.getState().mode).toBe('dark')
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? '{}')).toMatchObject({ state: { mode: 'dark' } })
  })

  it('drops a custom colour when a preset is chosen', () => {
    useThemeStore.setState({ customPrimary: '#ff0000' })
    useThemeStore.getState().setPreset('teal')
    expect(useThemeStore.getState()).toMatchObject({ preset: 'teal', customPrimary: null })
  })
})

describe('presets', () => {
  it('offers 20 distinct presets', () => {
    expect(new Set(THEME_PRESETS.map((p) => p.id)).size).toBe(20)
  })

  it('is lighter in the dark theme', () => {
    expect(presetColors('blue', false).primary).toBe('oklch(0.52 0.21 262)')
    expect(presetColors('blue', true).primary).toBe('oklch(0.72 0.21 262)')
  })

  it('picks readable text for custom colours', () => {
    expect(customColors('#ffff00')?.primaryForeground).toBe('#111827')
    expect(customColors('#1e3a8a')?.primaryForeground).toBe('#ffffff')
    expect(customColors('red')).toBeNull()
  })
})
